import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { reviewApproveSchema, reviewRejectSchema, maxLengthOf } from '@pod/shared';
import { useZodField } from '../../forms/use-zod-field.ts';
import { useReview, type ReviewDecision, type ReviewKind } from './api.ts';

/** A request waiting for a decision, with the sentence that says what the decision does. */
export interface ReviewTarget {
  id: string;
  decision: ReviewDecision;
  /** e.g. "¥100.00 is credited to Demo Merchant's balance." */
  summary: string;
}

/**
 * The confirmation of a finance decision: approving says what it credits or pays out and takes an
 * optional remark; rejecting needs a remark (the reason the merchant sees).
 */
export function ReviewModal({
  kind,
  target,
  onClose,
}: {
  kind: ReviewKind;
  target: ReviewTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const field = useZodField();
  const [form] = Form.useForm<{ remark?: string }>();
  const review = useReview(kind);
  const isReject = target?.decision === 'reject';

  const onFinish = async (values: { remark?: string }) => {
    if (!target) return;
    try {
      await review.mutateAsync({
        id: target.id,
        decision: target.decision,
        remark: values.remark?.trim() ?? '',
      });
      onClose();
    } catch {
      // The client showed the server's message (e.g. already reviewed); the lists were refreshed.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t(isReject ? 'wallet.reviewPage.rejectTitle' : 'wallet.reviewPage.approveTitle')}
      okText={t(isReject ? 'wallet.reviewPage.reject' : 'wallet.reviewPage.approve')}
      okButtonProps={{ danger: isReject, 'data-testid': 'review-confirm' }}
      cancelText={t('app.cancel')}
      confirmLoading={review.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="review-modal"
    >
      {target ? (
        <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)} preserve={false}>
          <Alert
            type={isReject ? 'warning' : 'info'}
            showIcon
            title={target.summary}
            style={{ marginBottom: 16 }}
            data-testid="review-summary"
          />
          {isReject ? (
            <Form.Item
              {...field('remark', reviewRejectSchema.shape.remark)}
              label={t('wallet.reviewPage.reason')}
            >
              <Input.TextArea
                maxLength={maxLengthOf(reviewRejectSchema.shape.remark)}
                rows={3}
                data-testid="review-remark"
              />
            </Form.Item>
          ) : (
            <Form.Item
              {...field('remark', reviewApproveSchema.shape.remark)}
              label={t('wallet.reviewPage.remarkOptional')}
            >
              <Input.TextArea
                maxLength={maxLengthOf(reviewApproveSchema.shape.remark)}
                rows={2}
                data-testid="review-remark"
              />
            </Form.Item>
          )}
        </Form>
      ) : null}
    </Modal>
  );
}
