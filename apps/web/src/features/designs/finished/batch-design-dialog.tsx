import { useState } from 'react';
import { App, Checkbox, Flex, Input, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { designBatchResultSchema, type FinishedProduct, maxLengthOf, designBatchSchema } from '@pod/shared';
import {
  startBatch,
  useCatalogProducts,
  useFinishedDetail,
  useJob,
  type CatalogProductItem,
} from '../api.ts';
import { JobProgress } from './job-progress.tsx';

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
  const job = useJob(jobId);
  const result = job.data?.state === 'completed' ? designBatchResultSchema.safeParse(job.data.result) : null;

  const start = async () => {
    const document = detail.data?.documents[0];
    const targets = Object.entries(chosen)
      .filter(([, colours]) => colours.length > 0)
      .map(([product_id, color_ids]) => ({ product_id, color_ids }));
    if (!document || targets.length === 0) {
      void message.warning(t('designs.errors.noProduct'));
      return;
    }
    const reply = await startBatch({
      document: document as { version: number },
      targets,
      name,
      confirmed_blurry: true,
    });
    setJobId(reply.job_id);
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
            { title: t('designs.list.product'), dataIndex: 'name', width: 220 },
            {
              title: t('designs.list.colours'),
              dataIndex: 'colors',
              render: (colors: CatalogProductItem['colors'], row) => (
                <Checkbox.Group
                  value={chosen[row.id] ?? []}
                  onChange={(values) => setChosen({ ...chosen, [row.id]: values.map(String) })}
                  options={colors.map((c) => ({ value: c.id, label: c.name }))}
                />
              ),
            },
          ]}
        />
        {jobId && <JobProgress job={job.data} testId="batch-progress" />}
        {result?.success && (
          <Typography.Text data-testid="batch-result">
            {t('designs.batch.result', {
              created: result.data.created.length,
              failed: result.data.failed.length,
            })}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
