import { use, useMemo, useState } from 'react';
import { Flex, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attachment, UploadTopic } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { SiteContext } from '../site/site-context.ts';
import { uploadFile, type UploadArea } from './api.ts';
import { acceptOf, checkFile, formatBytes, uploadRules } from './file-checks.ts';
import { idsOf, sameIds, valueOf, type UploadValue } from './upload-value.ts';
import { useRefusalText } from './use-refusal-text.ts';

/** An attachment the field can show before anything is uploaded (e.g. the edited row's files). */
export type KnownAttachment = Pick<Attachment, 'id' | 'name' | 'url' | 'thumb_url'>;

export interface UploadFieldProps {
  /** What the files are for; decides the allowed types and size (docs/decisions/0014). */
  topic: UploadTopic;
  /** How many files the field holds (default 1: the value is one id, else a list of ids). */
  maxCount?: number;
  /** The back office's endpoint or the member centre's (default admin). */
  area?: UploadArea;
  value?: UploadValue;
  onChange?: (value: UploadValue) => void;
  /** Attachments the value may already name, so their thumbnails show. */
  known?: readonly KnownAttachment[];
  /** Called with each accepted upload, e.g. to keep its URL. */
  onUploaded?: (attachment: Attachment) => void;
  disabled?: boolean;
  testId?: string;
}

type Item = UploadFile<Attachment>;

function knownItem(attachment: KnownAttachment): Item {
  return {
    uid: attachment.id,
    name: attachment.name,
    status: 'done',
    url: attachment.url,
    thumbUrl: attachment.thumb_url ?? attachment.url,
  };
}

/** The attachment id an item stands for, once it is uploaded. */
const idOfItem = (item: Item): string | null =>
  item.status === 'done' ? (item.response?.id ?? item.uid) : null;

/** The items of ids: the current item of each id, else its known attachment; uploads in flight stay. */
function itemsFor(
  ids: readonly string[],
  current: readonly Item[],
  known?: readonly KnownAttachment[],
): Item[] {
  return [
    ...ids.map((id): Item => {
      const found = known?.find((k) => k.id === id);
      if (found) return knownItem(found);
      return current.find((item) => idOfItem(item) === id) ?? { uid: id, name: id, status: 'done' };
    }),
    ...current.filter((item) => item.status === 'uploading'),
  ];
}

/**
 * The upload field every form uses (issue: one upload pipeline): picture cards with thumbnails and
 * a progress bar, the topic's types and size checked in the browser first (the server checks again,
 * content included), and the server's refusal message shown under the field. The form value is the
 * attachment id, or the ids when `maxCount` > 1.
 */
export function UploadField(props: UploadFieldProps) {
  const { topic, maxCount = 1, area = 'admin', value, onChange, known, onUploaded, disabled, testId } = props;
  const { t } = useTranslation();
  const site = use(SiteContext);
  const refusalText = useRefusalText();
  const rules = useMemo(() => uploadRules(topic, site?.upload), [topic, site]);
  const [items, setItems] = useState<Item[]>(() => itemsFor(idsOf(value), [], known));
  const [error, setError] = useState<string | null>(null);
  // A value set from outside (form reset, an edited row loaded) replaces the finished items; the
  // value this field emitted itself already matches them.
  const knownKey = known?.map((k) => `${k.id} ${k.url}`).join('|') ?? '';
  const ids = idsOf(value);
  const [synced, setSynced] = useState({ ids, knownKey });
  if (!sameIds(synced.ids, ids) || synced.knownKey !== knownKey) {
    setSynced({ ids, knownKey });
    const doneIds = items.map(idOfItem).filter((id): id is string => id !== null);
    if (!sameIds(ids, doneIds) || synced.knownKey !== knownKey) setItems(itemsFor(ids, items, known));
  }

  const emit = (next: Item[]) => {
    const ids = next.map(idOfItem).filter((id): id is string => id !== null);
    onChange?.(valueOf(ids, maxCount));
  };

  const customRequest: UploadProps<Attachment>['customRequest'] = (options) => {
    const controller = new AbortController();
    const file = options.file as File;
    uploadFile(file, {
      topic,
      area,
      signal: controller.signal,
      showErrorMessage: false,
      onProgress: (percent) => options.onProgress?.({ percent }),
    }).then(
      (attachment) => {
        setError(null);
        onUploaded?.(attachment);
        options.onSuccess?.(attachment);
      },
      (failure: ApiError) => {
        if (failure.reason === 'aborted') return;
        setError(`${file.name}: ${failure.msg}`);
        options.onError?.(
          Object.assign(new Error(failure.msg), { status: failure.httpStatus }),
          failure.msg as never,
        );
      },
    );
    return { abort: () => controller.abort() };
  };

  return (
    <Flex vertical gap={4} data-testid={testId ?? 'upload-field'}>
      <Upload<Attachment>
        listType="picture-card"
        accept={acceptOf(rules)}
        multiple={maxCount > 1}
        maxCount={maxCount}
        disabled={disabled}
        fileList={items}
        customRequest={customRequest}
        beforeUpload={(file) => {
          const refusal = checkFile(file, rules);
          if (refusal) {
            setError(`${file.name}: ${refusalText(refusal)}`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onChange={({ fileList }) => {
          const next = fileList.map((item) =>
            item.status === 'done' && item.response
              ? {
                  ...item,
                  url: item.response.url,
                  thumbUrl: item.response.thumb_url ?? item.response.url,
                }
              : item,
          );
          setItems(next);
          const before = items.map(idOfItem).filter((id): id is string => id !== null);
          const after = next.map(idOfItem).filter((id): id is string => id !== null);
          if (!sameIds(before, after)) emit(next);
        }}
        onPreview={(item) => {
          const url = item.url ?? item.thumbUrl;
          if (url) window.open(url, '_blank', 'noopener');
        }}
      >
        {items.length >= maxCount || disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('uploads.button')}</div>
          </button>
        )}
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('uploads.hint', {
          suffixes: rules.suffixes.join(' / '),
          max: formatBytes(rules.maxBytes),
          count: maxCount,
        })}
      </Typography.Text>
      {error ? (
        <Typography.Text type="danger" data-testid="upload-field-error">
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
