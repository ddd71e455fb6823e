import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Flex,
  Image,
  InputNumber,
  Modal,
  Result,
  Select,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CART_LIMITS, PERMISSIONS } from '@pod/shared';
import type { ApiError } from '../../../api/api-error.ts';
import { PATHS } from '../../../app/paths.ts';
import { fieldErrorsOf } from '../../../forms/field-errors.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useCatalogProduct, useFinishedDetail } from '../api.ts';
import { Amount } from '../../orders/order-fields.tsx';
import { useMenuLink } from '../../wallet/wallet-fields.tsx';
import { useAddToCart, type CartItem } from '../../cart/api.ts';
import { choicesFor, sizeAfterColour, sizesOf, type CartChoices } from '../../cart/cart-options.ts';

/** Whether the user may add to the cart (the cart menu's `cart:add` button, spec §6). */
export function useCanAddToCart(): boolean {
  return useMenuLink('publish/shopCart')?.buttons.has(PERMISSIONS.cart.add) ?? false;
}

/** A finished product to add: its id and name (the rest is fetched). */
export interface AddToCartProduct {
  id: string;
  name: string;
}

const NO_CHOICES: CartChoices = { colors: [], sizes: [] };

interface Pick {
  color_id?: string;
  size_id?: string;
  quantity: number;
}

/**
 * "Add to cart" for finished products (spec §5: "Add to cart needs colour and size of a stock
 * item; up to 50 finished products at once"): per product a colour and size of an in-stock SKU and
 * a quantity, then one add. Products the server refuses are marked on their row.
 */
export function AddToCartDialog({
  products,
  onClose,
  onAdded,
}: {
  products: readonly AddToCartProduct[];
  onClose: () => void;
  onAdded?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cartMenu = useMenuLink('publish/shopCart');
  const add = useAddToCart();
  const [rows, setRows] = useState<readonly AddToCartProduct[]>(products);
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  const [choices, setChoices] = useState<Record<string, CartChoices>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isDone, setIsDone] = useState(false);
  const isTooMany = rows.length > CART_LIMITS.perAdd;

  const setPick = (id: string, pick: Pick) => {
    setPicks((all) => ({ ...all, [id]: pick }));
    setErrors(({ [id]: _dropped, ...rest }) => rest);
  };

  const onOk = async () => {
    const missing = rows.filter((r) => !picks[r.id]?.color_id || !picks[r.id]?.size_id);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((r) => [r.id, t('cart.add.pickColourSize')])));
      return;
    }
    const items: CartItem[] = rows.map((r) => ({
      finished_product_id: r.id,
      color_id: picks[r.id]?.color_id ?? '',
      size_id: picks[r.id]?.size_id ?? '',
      quantity: picks[r.id]?.quantity ?? 1,
    }));
    try {
      await add.mutateAsync(items);
      setIsDone(true);
      onAdded?.();
    } catch (error) {
      const failed = error as ApiError;
      // `items.<index>.<field>`: the product the server refused.
      const byRow: Record<string, string> = {};
      for (const entry of fieldErrorsOf(failed)) {
        const index = /^items\.(\d+)\./.exec(entry.field)?.[1];
        const row = index === undefined ? undefined : rows[Number(index)];
        if (row) byRow[row.id] = entry.message;
      }
      setErrors(Object.keys(byRow).length ? byRow : { _all: failed.msg });
    }
  };

  if (isDone)
    return (
      <Modal open footer={null} onCancel={onClose} destroyOnHidden>
        <Result
          status="success"
          title={t('cart.add.done', { count: rows.length })}
          data-testid="add-to-cart-done"
          extra={[
            <Button
              key="cart"
              type="primary"
              data-testid="add-to-cart-go"
              onClick={() => {
                onClose();
                void navigate(cartMenu?.href ?? PATHS.adminShopCart);
              }}
            >
              {t('cart.add.goToCart')}
            </Button>,
            <Button key="continue" onClick={onClose}>
              {t('cart.add.continue')}
            </Button>,
          ]}
        />
      </Modal>
    );

  return (
    <Modal
      open
      width={880}
      title={t('cart.add.title', { count: rows.length })}
      onCancel={onClose}
      okText={t('cart.add.submit')}
      cancelText={t('app.cancel')}
      confirmLoading={add.isPending}
      okButtonProps={{ disabled: rows.length === 0 || isTooMany, 'data-testid': 'add-to-cart-submit' }}
      onOk={() => void onOk()}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="add-to-cart-dialog">
        {isTooMany ? (
          <Alert type="error" showIcon title={t('cart.add.tooMany', { max: CART_LIMITS.perAdd })} />
        ) : null}
        {errors._all ? <Alert type="error" showIcon title={errors._all} /> : null}
        <Table<AddToCartProduct>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={[...rows]}
          scroll={{ y: 420 }}
          onRow={(row) => ({ 'data-testid': 'add-to-cart-row', 'data-id': row.id }) as object}
          columns={[
            {
              key: 'product',
              title: t('cart.col.product'),
              render: (_: unknown, row) => (
                <ProductPick
                  product={row}
                  pick={picks[row.id]}
                  error={errors[row.id]}
                  onChoices={(c) => setChoices((all) => ({ ...all, [row.id]: c }))}
                  onPick={(pick) => setPick(row.id, pick)}
                />
              ),
            },
            {
              key: 'variant',
              title: t('cart.col.variant'),
              width: 280,
              render: (_: unknown, row) => {
                const options = choices[row.id];
                const pick = picks[row.id];
                if (!options) return <Spin size="small" />;
                if (options.colors.length === 0) return <Tag color="red">{t('cart.add.noStock')}</Tag>;
                return (
                  <Flex gap={4}>
                    <Select
                      size="small"
                      style={{ width: 130 }}
                      value={pick?.color_id}
                      placeholder={t('cart.col.colour')}
                      options={options.colors.map((c) => ({ value: c.id, label: c.name }))}
                      onChange={(colorId: string) =>
                        setPick(row.id, {
                          quantity: pick?.quantity ?? 1,
                          color_id: colorId,
                          size_id: sizeAfterColour(options, colorId, pick?.size_id),
                        })
                      }
                      data-testid="add-to-cart-colour"
                    />
                    <Select
                      size="small"
                      style={{ width: 100 }}
                      value={pick?.size_id}
                      placeholder={t('cart.col.size')}
                      options={sizesOf(options, pick?.color_id).map((s) => ({ value: s.id, label: s.name }))}
                      onChange={(sizeId: string) =>
                        setPick(row.id, {
                          quantity: pick?.quantity ?? 1,
                          color_id: pick?.color_id,
                          size_id: sizeId,
                        })
                      }
                      data-testid="add-to-cart-size"
                    />
                  </Flex>
                );
              },
            },
            {
              key: 'quantity',
              title: t('cart.col.quantity'),
              width: 110,
              render: (_: unknown, row) => (
                <InputNumber<number>
                  size="small"
                  min={1}
                  max={CART_LIMITS.quantity}
                  precision={0}
                  value={picks[row.id]?.quantity ?? 1}
                  onChange={(quantity) => setPick(row.id, { ...picks[row.id], quantity: quantity ?? 1 })}
                  data-testid="add-to-cart-quantity"
                />
              ),
            },
            {
              key: 'remove',
              width: 48,
              render: (_: unknown, row) => (
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('cart.add.remove')}
                  title={t('cart.add.remove')}
                  onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                />
              ),
            },
          ]}
        />
        <Typography.Text type="secondary">{t('cart.add.hint', { max: CART_LIMITS.perAdd })}</Typography.Text>
      </Flex>
    </Modal>
  );
}

/**
 * One finished product's row: its thumbnail, code and price, and (once its product is loaded) the
 * colours and sizes in stock, the first of which is chosen to start with.
 */
function ProductPick({
  product,
  pick,
  error,
  onChoices,
  onPick,
}: {
  product: AddToCartProduct;
  pick: Pick | undefined;
  error: string | undefined;
  onChoices: (choices: CartChoices) => void;
  onPick: (pick: Pick) => void;
}) {
  const { t } = useTranslation();
  const finished = useFinishedDetail(product.id);
  const catalogue = useCatalogProduct(finished.data?.product_id ?? null);
  const language = currentLanguage();
  const isFailed = finished.isError || catalogue.isError;
  const choices = useMemo(() => {
    // A product that cannot be loaded (deleted, taken off sale) offers nothing to choose.
    if (isFailed) return NO_CHOICES;
    return finished.data && catalogue.data ? choicesFor(finished.data, catalogue.data, language) : null;
  }, [isFailed, finished.data, catalogue.data, language]);
  const hasPick = pick !== undefined;

  useEffect(() => {
    if (!choices) return;
    onChoices(choices);
    if (hasPick) return;
    const colorId = choices.colors[0]?.id;
    onPick({
      quantity: 1,
      color_id: colorId,
      size_id: colorId ? sizesOf(choices, colorId)[0]?.id : undefined,
    });
    // Runs once the product's choices are known; the callbacks are the parent's setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choices]);

  const loadError = finished.error ?? catalogue.error;
  return (
    <Flex gap={8} align="center">
      {finished.data?.thumb_url ? (
        <Image src={finished.data.thumb_url} width={48} height={48} style={{ objectFit: 'contain' }} alt="" />
      ) : null}
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis>
          {product.name}
        </Typography.Text>
        {finished.data ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {finished.data.code} ·{' '}
            <Amount minor={finished.data.unit_price} currency={finished.data.currency} />
          </Typography.Text>
        ) : null}
        {loadError ? <Typography.Text type="danger">{loadError.msg}</Typography.Text> : null}
        {error ? (
          <Typography.Text type="danger" data-testid="add-to-cart-error">
            {error || t('cart.add.pickColourSize')}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
