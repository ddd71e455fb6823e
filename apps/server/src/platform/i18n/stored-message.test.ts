import { describe, expect, it } from 'vitest';
import { registerMessages } from './i18n.ts';
import { readStoredText, storedMessage, storedText, typedText } from './stored-message.ts';

registerMessages({
  'zh-cn': { storedMessageTest: { paid: '订单 {{order_no}} 支付' } },
  en: { storedMessageTest: { paid: 'Payment for order {{order_no}}' } },
});

describe('stored messages', () => {
  it('renders a platform text in the reader language, each time it is read', () => {
    const value = storedText({ key: 'storedMessageTest.paid', params: { order_no: 'PO1' } });
    expect(readStoredText('en', value)).toBe('Payment for order PO1');
    expect(readStoredText('zh-cn', value)).toBe('订单 PO1 支付');
  });

  it("keeps a person's text as typed, and never reads it as a platform text", () => {
    expect(readStoredText('en', storedText('gift wrap'))).toBe('gift wrap');
    const forged = storedMessage({ key: 'storedMessageTest.paid', params: { order_no: 'X' } });
    expect(typedText(forged).startsWith('\u001e')).toBe(false);
    expect(readStoredText('en', storedText(forged))).toBe(forged.slice(1));
    expect(storedText(undefined)).toBe('');
  });

  it('shows an unreadable or unknown platform value without its mark instead of failing', () => {
    expect(readStoredText('en', '\u001e{not json')).toBe('{not json');
    const unknown = storedMessage({ key: 'storedMessageTest.none' });
    expect(readStoredText('en', unknown)).toBe(unknown.slice(1));
  });
});
