import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Flex,
  Form,
  Modal,
  Progress,
  Select,
  Tag,
  TreeSelect,
  Typography,
  Upload,
} from 'antd';
import { CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type MaterialCategory, type MATERIAL_TYPES, type MATERIAL_VISIBILITIES } from '@pod/shared';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import type { ApiError } from '../../api/api-error.ts';
import { acceptOf, checkFile, formatBytes, uploadRules } from '../uploads/file-checks.ts';
import { filesProgress } from '../uploads/progress.ts';
import { useRefusalText } from '../uploads/use-refusal-text.ts';
import { useBatchUpload } from './api.ts';
import { leafIds } from './category-tree.ts';
import { useTypeOptions, useVisibilityOptions } from './material-options.tsx';

type EntryStatus = 'ready' | 'refused' | 'uploading' | 'done' | 'failed';

/** One chosen file: waiting, refused by the browser, on its way, or answered by the server. */
interface Entry {
  uid: string;
  file: File;
  status: EntryStatus;
  percent: number;
  /** Why it was refused or failed: the browser's or the server's message. */
  message: string | null;
}

interface Settings {
  category_id?: string;
  type: (typeof MATERIAL_TYPES)[number];
  visibility: (typeof MATERIAL_VISIBILITIES)[number];
}

const RULES = uploadRules('material');
const MAX_FILES = LIMITS.materialUploadBatch;

const STATUS_COLOURS: Record<EntryStatus, string> = {
  ready: 'default',
  refused: 'red',
  uploading: 'processing',
  done: 'green',
  failed: 'red',
};

let nextUid = 0;

/** The leaf categories as a tree select (materials sit only in leaves, spec §4). */
function categoryTree(categories: readonly MaterialCategory[]) {
  const leaves = leafIds(categories);
  const ids = new Set(categories.map((c) => c.id));
  type Node = { value: string; title: string; disabled: boolean; children: Node[] };
  const build = (parent: string | null): Node[] =>
    categories
      .filter((c) => (c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null) === parent)
      .map((c) => ({ value: c.id, title: c.name, disabled: !leaves.has(c.id), children: build(c.id) }));
  return build(null);
}

/**
 * Batch upload of material images (spec §5: jpg/jpeg/png, at most 50 at once, 20 MB each). The
 * browser refuses what it can tell is wrong; the rest go in ONE multipart request, with a progress
 * bar per file derived from the request's bytes. Afterwards: how many succeeded, and each failure
 * with its file name and the reason the server gave.
 */
export function BatchUploadModal(props: {
  categories: readonly MaterialCategory[];
  defaultCategoryId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const fieldLabel = useFieldLabel();
  const typeOptions = useTypeOptions();
  const visibilityOptions = useVisibilityOptions();
  const upload = useBatchUpload();
  const [form] = Form.useForm<Settings>();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [isFinished, setIsFinished] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const leaves = leafIds(props.categories);

  const isUploading = upload.isPending;
  const ready = entries.filter((e) => e.status === 'ready');

  const addFiles = (files: readonly File[]) => {
    setIsFinished(false);
    setFailure(null);
    setEntries((current) => {
      // A new choice after a finished batch starts a new list.
      const kept = current.filter((e) => e.status === 'ready' || e.status === 'refused');
      let accepted = kept.filter((e) => e.status === 'ready').length;
      const added = files.map((file): Entry => {
        const refusal = checkFile(file, RULES);
        const uid = `f${(nextUid += 1)}`;
        if (refusal) return { uid, file, status: 'refused', percent: 0, message: refusalText(refusal) };
        if (accepted >= MAX_FILES)
          return {
            uid,
            file,
            status: 'refused',
            percent: 0,
            message: t('uploads.refused.tooMany', { max: MAX_FILES }),
          };
        accepted += 1;
        return { uid, file, status: 'ready', percent: 0, message: null };
      });
      return [...kept, ...added];
    });
  };

  const start = async () => {
    const settings = await form.validateFields();
    const sending = entries.filter((e) => e.status === 'ready');
    if (!sending.length) return;
    const uids = sending.map((e) => e.uid);
    const sizes = sending.map((e) => e.file.size);
    setFailure(null);
    setEntries((current) =>
      current.map((e) => (uids.includes(e.uid) ? { ...e, status: 'uploading', percent: 0 } : e)),
    );
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const reply = await upload.mutateAsync({
        files: sending.map((e) => e.file),
        query: {
          category_id: settings.category_id || undefined,
          type: settings.type,
          visibility: settings.visibility,
        },
        signal: controller.signal,
        onProgress: (loaded, total) => {
          const percents = filesProgress(sizes, loaded, total);
          setEntries((current) =>
            current.map((e) => {
              const index = uids.indexOf(e.uid);
              return index < 0 ? e : { ...e, percent: percents[index] ?? e.percent };
            }),
          );
        },
      });
      // The server answers per file, in the order the files were sent.
      setEntries((current) =>
        current.map((e) => {
          const index = uids.indexOf(e.uid);
          const result = index < 0 ? undefined : reply.results[index];
          if (!result) return e;
          return result.ok
            ? { ...e, status: 'done', percent: 100, message: null }
            : { ...e, status: 'failed', message: result.message ?? t('uploads.failed') };
        }),
      );
    } catch (error) {
      const message = (error as ApiError).msg || t('uploads.failed');
      setFailure(message);
      setEntries((current) =>
        current.map((e) => (uids.includes(e.uid) ? { ...e, status: 'failed', message } : e)),
      );
    } finally {
      abortRef.current = null;
      setIsFinished(true);
    }
  };

  const close = () => {
    abortRef.current?.abort();
    props.onClose();
  };

  const succeeded = entries.filter((e) => e.status === 'done').length;
  const failed = entries.filter((e) => e.status === 'failed' || e.status === 'refused');

  return (
    <Modal
      open
      width={720}
      title={t('materials.upload.title')}
      onCancel={close}
      mask={{ closable: !isUploading }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" data-testid="upload-count">
            {t('materials.upload.count', { count: ready.length, max: MAX_FILES })}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={close} data-testid="upload-close">
              {isFinished ? t('materials.upload.done') : t('app.cancel')}
            </Button>
            <Button
              type="primary"
              loading={isUploading}
              disabled={ready.length === 0}
              data-testid="upload-start"
              onClick={() => void start()}
            >
              {t('materials.upload.start', { count: ready.length })}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12} data-testid="batch-upload">
        <Form
          form={form}
          layout="inline"
          disabled={isUploading}
          initialValues={{
            category_id:
              props.defaultCategoryId && leaves.has(props.defaultCategoryId)
                ? props.defaultCategoryId
                : undefined,
            type: 'other',
            visibility: 'private',
          }}
        >
          <Form.Item name="category_id" label={fieldLabel('category_id')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('materials.category.uncategorised')}
              treeData={categoryTree(props.categories)}
              style={{ width: 200 }}
              data-testid="upload-category"
            />
          </Form.Item>
          <Form.Item name="type" label={fieldLabel('type')}>
            <Select options={typeOptions} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="visibility" label={fieldLabel('visibility')}>
            <Select options={visibilityOptions} style={{ width: 150 }} />
          </Form.Item>
        </Form>
        <Upload.Dragger
          multiple
          accept={acceptOf(RULES)}
          showUploadList={false}
          disabled={isUploading}
          beforeUpload={(file, list) => {
            // Called once per file; the whole choice is taken at its first file.
            if (file === list[0]) addFiles(list);
            return Upload.LIST_IGNORE;
          }}
          data-testid="upload-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('materials.upload.drop')}</p>
          <p className="ant-upload-hint">
            {t('materials.upload.rules', {
              suffixes: RULES.suffixes.join(' / '),
              max: MAX_FILES,
              size: formatBytes(RULES.maxBytes),
            })}
          </p>
        </Upload.Dragger>
        {isFinished ? (
          <Alert
            data-testid="upload-summary"
            type={failed.length === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'}
            showIcon
            title={t('materials.upload.summary', { succeeded, failed: failed.length })}
            description={
              failed.length ? (
                <Flex vertical gap={2}>
                  {failure ? <span>{failure}</span> : null}
                  {failed.map((e) => (
                    <span key={e.uid} data-testid="upload-failure">
                      <Typography.Text strong>{e.file.name}</Typography.Text>: {e.message}
                    </span>
                  ))}
                </Flex>
              ) : undefined
            }
          />
        ) : null}
        {entries.length ? (
          <Flex
            vertical
            style={{
              maxHeight: 320,
              overflow: 'auto',
              border: '1px solid rgba(128,128,128,0.25)',
              borderRadius: 8,
            }}
          >
            {entries.map((entry, index) => (
              <Flex
                key={entry.uid}
                gap={8}
                align="start"
                data-testid="upload-entry"
                data-status={entry.status}
                data-name={entry.file.name}
                style={{
                  padding: '8px 12px',
                  borderTop: index ? '1px solid rgba(128,128,128,0.15)' : undefined,
                }}
              >
                <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                      {entry.file.name}
                    </Typography.Text>
                    <Flex gap={8} align="center">
                      <Typography.Text type="secondary">{formatBytes(entry.file.size)}</Typography.Text>
                      <Tag color={STATUS_COLOURS[entry.status]}>
                        {t(`materials.upload.status.${entry.status}`)}
                      </Tag>
                    </Flex>
                  </Flex>
                  {entry.status === 'uploading' || entry.status === 'done' ? (
                    <Progress
                      size="small"
                      percent={entry.percent}
                      status={entry.status === 'done' ? 'success' : 'active'}
                      data-testid="upload-progress"
                    />
                  ) : null}
                  {entry.message ? <Typography.Text type="danger">{entry.message}</Typography.Text> : null}
                </Flex>
                {entry.status === 'ready' || entry.status === 'refused' ? (
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('materials.upload.remove')}
                    title={t('materials.upload.remove')}
                    disabled={isUploading}
                    onClick={() => setEntries((current) => current.filter((e) => e.uid !== entry.uid))}
                  />
                ) : null}
              </Flex>
            ))}
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
}
