import { useMemo, useState } from 'react';
import { Alert, App, Checkbox, Flex, Input, Modal, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { designedSurfaceKeys, loadDesignDocument, mapSurfacesByRole, type DesignDocument } from '@pod/design';
import {
  designBatchResultSchema,
  type FinishedProduct,
  type Language,
  maxLengthOf,
  designBatchSchema,
} from '@pod/shared';
import { currentLanguage } from '../../../i18n/i18n.ts';
import {
  startBatch,
  useCatalogProduct,
  useCatalogProducts,
  useFinishedDetail,
  useJob,
  type CatalogProductItem,
} from '../api.ts';
import { JobProgress } from './job-progress.tsx';
import { catalogName } from '../../../i18n/catalog-name.ts';

type SurfaceRef = { key: string; name: string; en_name?: string; kind?: 'flat' | 'wrap' };
const surfaceLabel = (language: Language, s: SurfaceRef) => catalogName(s, language) || s.key;

/**
 * Where each designed surface goes on one target product (issue 26): by role (front, back, wrap)
 * unless the merchant chose otherwise; `null` where the role has several candidates and nothing
 * was chosen yet (the merchant must choose).
 */
export function plannedSurfaces(
  designed: readonly SurfaceRef[],
  target: readonly SurfaceRef[],
  chosen: Readonly<Record<string, string>> = {},
): Record<string, string | null> {
  const auto = mapSurfacesByRole(designed, target);
  const out: Record<string, string | null> = {};
  for (const s of designed) {
    if (chosen[s.key]) out[s.key] = chosen[s.key]!;
    else if (auto.map[s.key]) out[s.key] = auto.map[s.key]!;
    else if (auto.ambiguous.some((a) => a.source === s.key)) out[s.key] = null;
  }
  return out;
}

/**
 * Batch design (issue 8): the finished product's design applied to several products and colours
 * at once, one finished product per product, fitted to each print area by the server; a progress bar.
 */
export function BatchDesignDialog({
  source,
  onClose,
  onDone,
}: {
  source: FinishedProduct;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useFinishedDetail(source.id);
  const [keyword, setKeyword] = useState('');
  const products = useCatalogProducts({ page: 1, limit: 50, keyword: keyword || undefined });
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [name, setName] = useState(source.name.slice(0, 60));
  const [jobId, setJobId] = useState<string | null>(null);
  /** The merchant's own surface choices: product id → designed surface → target surface. */
  const [surfaceChoice, setSurfaceChoice] = useState<Record<string, Record<string, string>>>({});
  const job = useJob(jobId);
  const result = job.data?.state === 'completed' ? designBatchResultSchema.safeParse(job.data.result) : null;
  const language = currentLanguage();
  const sourceProduct = useCatalogProduct(source.product_id);
  const document = useMemo<DesignDocument | null>(() => {
    try {
      return detail.data ? loadDesignDocument(detail.data.documents[0]) : null;
    } catch {
      return null;
    }
  }, [detail.data]);
  const designed = useMemo<SurfaceRef[]>(
    () =>
      document
        ? designedSurfaceKeys(document).map(
            (key) => sourceProduct.data?.surfaces.find((s) => s.key === key) ?? { key, name: key },
          )
        : [],
    [document, sourceProduct.data],
  );
  const productsById = new Map((products.data?.list ?? []).map((p) => [p.id, p]));
  const [known, setKnown] = useState<Record<string, CatalogProductItem>>({});
  const chosenProducts = Object.entries(chosen)
    .filter(([, colours]) => colours.length > 0)
    .map(([id]) => productsById.get(id) ?? known[id])
    .filter((p): p is CatalogProductItem => !!p);
  const plans = new Map(
    chosenProducts.map((p) => [p.id, plannedSurfaces(designed, p.surfaces, surfaceChoice[p.id])]),
  );
  const undecided = [...plans.values()].some((plan) => Object.values(plan).includes(null));

  const start = async () => {
    const targets = chosenProducts.map((p) => {
      const plan = plans.get(p.id) ?? {};
      const surface_map = Object.fromEntries(
        Object.entries(plan).filter((e): e is [string, string] => e[1] !== null),
      );
      return { product_id: p.id, color_ids: chosen[p.id]!, surface_map };
    });
    if (!detail.data || targets.length === 0) {
      void message.warning(t('designs.errors.noProduct'));
      return;
    }
    if (undecided) {
      void message.warning(t('designs.batch.chooseSurfaces'));
      return;
    }
    const reply = await startBatch({
      document: detail.data.documents[0] as { version: number },
      targets,
      name,
      confirmed_blurry: true,
    });
    setJobId(reply.job_id);
  };
  const productLabel = (id: string) => {
    const p = productsById.get(id) ?? known[id];
    return p ? catalogName(p, language) : id;
  };

  return (
    <Modal
      open
      width={760}
      title={t('designs.batch.title')}
      okText={jobId ? t('designs.batch.close') : t('designs.batch.start')}
      okButtonProps={{ 'data-testid': 'batch-start', disabled: !detail.data }}
      onOk={() => {
        if (jobId) {
          onDone();
          onClose();
        } else void start();
      }}
      onCancel={() => {
        if (jobId) onDone();
        onClose();
      }}
    >
      <Flex vertical gap={8} data-testid="batch-dialog">
        <Typography.Text type="secondary">{t('designs.batch.hint')}</Typography.Text>
        <Input
          value={name}
          maxLength={maxLengthOf(designBatchSchema.shape.name)}
          onChange={(e) => setName(e.target.value)}
          addonBefore={t('designs.save.name')}
        />
        <Input.Search allowClear placeholder={t('designs.list.keyword')} onSearch={setKeyword} />
        <Table<CatalogProductItem>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 300 }}
          loading={products.isFetching}
          dataSource={products.data?.list ?? []}
          columns={[
            {
              title: t('designs.list.product'),
              dataIndex: 'name',
              width: 220,
              render: (_: string, row) => catalogName(row, language),
            },
            {
              title: t('designs.list.colours'),
              dataIndex: 'colors',
              render: (colors: CatalogProductItem['colors'], row) => (
                <Checkbox.Group
                  value={chosen[row.id] ?? []}
                  onChange={(values) => {
                    setKnown({ ...known, [row.id]: row });
                    setChosen({ ...chosen, [row.id]: values.map(String) });
                  }}
                  options={colors.map((c) => ({ value: c.id, label: catalogName(c, language) }))}
                />
              ),
            },
          ]}
        />
        {!jobId && chosenProducts.length > 0 && designed.length > 0 && (
          <Flex vertical gap={4} data-testid="batch-surfaces">
            <Typography.Text strong>{t('designs.batch.surfaces')}</Typography.Text>
            {chosenProducts.map((p) => (
              <Flex
                key={p.id}
                gap={8}
                wrap
                align="center"
                data-testid="batch-surface-row"
                data-product={p.id}
              >
                <Typography.Text style={{ minWidth: 160 }}>{productLabel(p.id)}</Typography.Text>
                {designed.map((from) => {
                  const to = plans.get(p.id)?.[from.key];
                  return (
                    <Flex key={from.key} gap={4} align="center">
                      <Typography.Text type="secondary">{surfaceLabel(language, from)} →</Typography.Text>
                      <Select
                        size="small"
                        style={{ minWidth: 120 }}
                        data-testid={`batch-surface-${from.key}`}
                        status={to === null ? 'warning' : undefined}
                        placeholder={t(to === null ? 'designs.batch.choose' : 'designs.batch.skipped')}
                        value={to ?? undefined}
                        onChange={(value: string) =>
                          setSurfaceChoice({
                            ...surfaceChoice,
                            [p.id]: { ...surfaceChoice[p.id], [from.key]: value },
                          })
                        }
                        options={p.surfaces.map((s) => ({ value: s.key, label: surfaceLabel(language, s) }))}
                      />
                    </Flex>
                  );
                })}
              </Flex>
            ))}
          </Flex>
        )}
        {jobId && <JobProgress job={job.data} testId="batch-progress" />}
        {result?.success && (
          <Typography.Text data-testid="batch-result">
            {t('designs.batch.result', {
              created: result.data.created.length,
              failed: result.data.failed.length,
            })}
          </Typography.Text>
        )}
        {result?.success &&
          result.data.failed.map((f) => (
            <Alert
              key={f.product_id}
              type="error"
              showIcon
              data-testid="batch-failure"
              message={productLabel(f.product_id)}
              description={f.messages?.[language] ?? f.message}
            />
          ))}
      </Flex>
    </Modal>
  );
}
