import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The addresses a console frame may show (spec §2 embedded pages, decision 0070): a path of this
 * site, or an http(s) page; nothing else (`javascript:`, `data:`, protocol-relative `//host`).
 */
export function frameSource(address: string): string | null {
  const text = address.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The address an iframe route carries after the router has read it: `/user/iframe/{encoded path}`
 * arrives decoded once or twice (a reload passes through the loading screen), and a decoded `//`
 * may have been folded. Gives back `/path` or `https://host/…` as it was encoded.
 */
export function embeddedAddress(carried: string): string {
  let text = carried;
  if (/%[0-9a-f]{2}/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // keep it as it came
    }
  }
  if (/^https?:\/[^/]/i.test(text)) text = text.replace(/^(https?:)\//i, '$1//');
  if (!/^https?:\/\//i.test(text) && !text.startsWith('/')) text = `/${text}`;
  return text;
}

/**
 * An embedded page inside the console or the member centre: the frame fills the content area. A
 * kept-alive tab keeps its frame mounted, so the page inside keeps its state (spec §1 keep-alive).
 */
export function EmbeddedFrame({ address, title }: { address: string; title: string }) {
  const { t } = useTranslation();
  const source = frameSource(address);
  if (!source)
    return <Alert type="error" showIcon title={t('embedded.badAddress')} data-testid="embedded-refused" />;
  return (
    <Flex vertical style={{ height: 'calc(100vh - 180px)', minHeight: 360 }}>
      <iframe
        data-testid="embedded-frame"
        src={source}
        title={title}
        style={{ flex: 1, width: '100%', border: 0, background: '#fff', borderRadius: 8 }}
      />
    </Flex>
  );
}
