import { use, useMemo, useState } from 'react';
import { Button, Flex, Select, Tooltip, Typography, Upload } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { imageFormatOf, type ImageKind, type ImageRule, type ListingImageInput } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { SiteContext } from '../site/site-context.ts';
import { uploadFile } from '../uploads/api.ts';
import { acceptOf, checkFile, uploadRules } from '../uploads/file-checks.ts';
import { useRefusalText } from '../uploads/use-refusal-text.ts';
import { mockupImage, type Mockup } from './listing-values.ts';

const MB = 1024 * 1024;

/** What a kind's rule asks, in a line: "3–10 · 3:4 · ≥1340×1785 px · ≤2 MB · jpg/png". */
export function ruleHint(rule: ImageRule): string {
  const parts = [
    rule.min === rule.max ? String(rule.min) : `${rule.min}–${rule.max}`,
    rule.ratio?.label,
    rule.exact ? `${rule.exact.width}×${rule.exact.height} px` : null,
    rule.minWidth ? `≥${rule.minWidth}×${rule.minHeight ?? rule.minWidth} px` : null,
    rule.maxWidth ? `≤${rule.maxWidth}×${rule.maxHeight ?? rule.maxWidth} px` : null,
    rule.maxBytes ? `≤${Math.round(rule.maxBytes / MB)} MB` : null,
    rule.formats ? rule.formats.join('/') : null,
  ].filter(Boolean);
  return parts.join(' · ');
}

/**
 * The images of one kind (spec §3: SKC preview, carousel, detail, outer package, square…): the
 * finished product's mockups (rendered at the size the kind's rule needs when published) or the
 * merchant's uploads, measured by the server. The value is the list of images.
 */
export function ListingImagesField(props: {
  kind: ImageKind;
  rule: ImageRule;
  mockups: readonly Mockup[];
  /** Thumbnails of uploads by attachment id (the listing's, and those uploaded here). */
  uploadUrls: Readonly<Record<string, string>>;
  onUploaded: (id: string, url: string) => void;
  value?: ListingImageInput[];
  onChange?: (value: ListingImageInput[]) => void;
  disabled?: boolean;
}) {
  const { kind, rule, mockups, uploadUrls, onUploaded, disabled } = props;
  const value = props.value ?? [];
  const { t } = useTranslation();
  const site = use(SiteContext);
  const refusalText = useRefusalText();
  const rules = useMemo(() => uploadRules('image', site?.upload), [site]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const full = value.length >= rule.max;
  const set = (next: ListingImageInput[]) => props.onChange?.(next);

  const urlOf = (img: ListingImageInput) =>
    img.source === 'mockup' ? mockups.find((m) => m.ref === img.ref)?.url : uploadUrls[img.ref];

  return (
    <Flex vertical gap={6} data-testid={`listing-images-${kind}`}>
      <Flex wrap gap={8}>
        {value.map((img, i) => {
          const url = urlOf(img);
          const label =
            img.source === 'mockup'
              ? (mockups.find((m) => m.ref === img.ref)?.label ?? img.ref)
              : t('publishing.uploaded');
          return (
            <div
              key={`${img.source}:${img.ref}:${i}`}
              data-testid="listing-image"
              style={{
                width: 84,
                border: '1px solid #d9d9d9',
                borderRadius: 6,
                padding: 4,
                position: 'relative',
              }}
            >
              {url ? (
                <img src={url} alt={label} style={{ width: 74, height: 74, objectFit: 'contain' }} />
              ) : (
                <div style={{ width: 74, height: 74, display: 'grid', placeItems: 'center', fontSize: 11 }}>
                  {label}
                </div>
              )}
              <Tooltip title={label}>
                <Typography.Text style={{ fontSize: 11, display: 'block' }} ellipsis>
                  {img.width}×{img.height}
                </Typography.Text>
              </Tooltip>
              {disabled ? null : (
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('publishing.removeImage')}
                  style={{ position: 'absolute', top: 0, right: 0 }}
                  onClick={() => set(value.filter((_, n) => n !== i))}
                />
              )}
            </div>
          );
        })}
      </Flex>
      {disabled ? null : (
        <Flex gap={8} wrap>
          <Select<string>
            size="small"
            style={{ minWidth: 200 }}
            placeholder={t('publishing.addMockup')}
            disabled={full || !mockups.length}
            value={null}
            data-testid={`listing-add-mockup-${kind}`}
            options={mockups.map((m) => ({ value: m.ref, label: m.label }))}
            onChange={(ref) => set([...value, mockupImage(kind, ref)])}
          />
          <Upload
            accept={acceptOf(rules)}
            showUploadList={false}
            disabled={full || uploading > 0}
            beforeUpload={(file) => {
              const refusal = checkFile(file, rules);
              if (refusal) {
                setError(`${file.name}: ${refusalText(refusal)}`);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={(options) => {
              const file = options.file as File;
              setUploading((n) => n + 1);
              uploadFile(file, { topic: 'image', showErrorMessage: false }).then(
                (attachment) => {
                  setUploading((n) => n - 1);
                  setError(null);
                  onUploaded(attachment.id, attachment.thumb_url ?? attachment.url);
                  set([
                    ...value,
                    {
                      source: 'upload',
                      ref: attachment.id,
                      width: attachment.width ?? 0,
                      height: attachment.height ?? 0,
                      bytes: attachment.size,
                      format: imageFormatOf(attachment.suffix),
                    },
                  ]);
                  options.onSuccess?.(attachment);
                },
                (failure: unknown) => {
                  setUploading((n) => n - 1);
                  const msg = failure instanceof ApiError ? failure.msg : t('request.unknownError');
                  setError(`${file.name}: ${msg}`);
                  options.onError?.(new Error(msg));
                },
              );
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              loading={uploading > 0}
              data-testid={`listing-upload-${kind}`}
            >
              {t('publishing.uploadImage')}
            </Button>
          </Upload>
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('publishing.imageRule', { rule: ruleHint(rule) })}
      </Typography.Text>
      {error ? (
        <Typography.Text type="danger" data-testid="listing-image-error">
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
