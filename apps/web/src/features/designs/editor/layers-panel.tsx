import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Empty, Flex, Tag, Typography } from 'antd';
import {
  AlignCenterOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignFinding, DpiLevel, Layer } from '@pod/design';
import type { DesignEditor } from './use-design-editor.ts';
import { Hint } from './hint.tsx';

const DPI_COLOURS: Record<DpiLevel, string> = { green: 'success', amber: 'warning', red: 'error' };

/** A layer's DPI badge: green at or above the surface minimum, amber to 100, red below. */
export function DpiBadge({ dpi, level }: { dpi: number; level: DpiLevel }) {
  const { t } = useTranslation();
  return (
    <Hint title={t(`designs.dpi.${level}`)}>
      <Tag
        color={DPI_COLOURS[level]}
        data-testid="dpi-badge"
        data-level={level}
        style={{ marginInlineEnd: 0 }}
      >
        {Math.round(dpi)} DPI
      </Tag>
    </Hint>
  );
}

const ALIGN_MODES = [
  ['left', 'alignLeft'],
  ['centre', 'alignCentre'],
  ['right', 'alignRight'],
  ['top', 'alignTop'],
  ['middle', 'alignMiddle'],
  ['bottom', 'alignBottom'],
] as const;

/**
 * What the layer list does to the selection (issue 26): delete, duplicate, lock, one step forward
 * or backward, align (one layer to the print area, several to each other) and distribute.
 */
function LayerToolbar({ editor }: { editor: DesignEditor }) {
  const { t } = useTranslation();
  const count = editor.selectedIds.length;
  const none = count === 0;
  const tool = (testId: string, label: string, icon: ReactNode, onClick: () => void, disabled = none) => (
    <Hint title={label}>
      <Button
        size="small"
        type="text"
        data-testid={testId}
        aria-label={label}
        icon={icon}
        disabled={disabled}
        onClick={onClick}
      />
    </Hint>
  );
  return (
    <Flex
      gap={2}
      wrap
      data-testid="layer-toolbar"
      style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 4 }}
    >
      {tool('layer-delete', t('designs.layers.delete'), <DeleteOutlined />, editor.removeSelected)}
      {tool('layer-duplicate', t('designs.layers.duplicate'), <CopyOutlined />, editor.duplicateSelected)}
      {tool(
        'layer-lock-selected',
        t('designs.layers.lockSelected'),
        <LockOutlined />,
        editor.toggleLockSelected,
      )}
      {tool('layer-forward', t('designs.layers.up'), <VerticalAlignTopOutlined />, () =>
        editor.stepSelected(1),
      )}
      {tool('layer-backward', t('designs.layers.down'), <VerticalAlignBottomOutlined />, () =>
        editor.stepSelected(-1),
      )}
      <Dropdown
        disabled={none}
        trigger={['click']}
        menu={{
          items: ALIGN_MODES.map(([mode, key]) => ({
            key: mode,
            label: <span data-testid={`layer-align-${mode}`}>{t(`designs.layers.${key}`)}</span>,
          })),
          onClick: ({ key }) => editor.align(key as (typeof ALIGN_MODES)[number][0]),
        }}
      >
        <Hint title={t('designs.layers.alignHint')}>
          <Button
            size="small"
            type="text"
            data-testid="layer-align"
            aria-label={t('designs.layers.align')}
            icon={<AlignCenterOutlined />}
            disabled={none}
          />
        </Hint>
      </Dropdown>
      <Dropdown
        disabled={count < 3}
        trigger={['click']}
        menu={{
          items: [
            { key: 'horizontal', label: t('designs.layers.distributeHorizontal') },
            { key: 'vertical', label: t('designs.layers.distributeVertical') },
          ],
          onClick: ({ key }) => editor.distribute(key as 'horizontal' | 'vertical'),
        }}
      >
        <Button
          size="small"
          type="text"
          data-testid="layer-distribute"
          aria-label={t('designs.layers.distribute')}
          icon={<ColumnWidthOutlined />}
          disabled={count < 3}
        />
      </Dropdown>
    </Flex>
  );
}

function layerLabel(layer: Layer, typeName: string): string {
  if (layer.name) return layer.name;
  if (layer.type === 'text') return layer.text.slice(0, 24);
  return typeName;
}

/**
 * The shown surface's layers, top first (issue 8): select, reorder (drag or the arrows), lock
 * and hide; raster layers carry their live DPI badge.
 */
export function LayersPanel({
  editor,
  liveDpi,
}: {
  editor: DesignEditor;
  liveDpi: { id: string; dpi: number; level: DpiLevel } | null;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const { layers, selectedIds } = editor;
  const dpiOf = (id: string) =>
    liveDpi?.id === id
      ? liveDpi
      : (editor.findings.find(
          (f): f is Extract<DesignFinding, { code: 'dpi' }> =>
            f.code === 'dpi' && f.layer_id === id && f.surface === editor.surfaceKey,
        ) ?? null);
  const outside = (id: string) =>
    editor.findings.some((f) => f.code === 'outside_print_area' && f.layer_id === id);
  if (layers.length === 0)
    return <Empty description={t('designs.layers.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const topFirst = [...layers].reverse();
  return (
    <Flex vertical gap={4} data-testid="layers-panel">
      <LayerToolbar editor={editor} />
      {topFirst.map((layer) => {
        const index = layers.indexOf(layer);
        const dpi = dpiOf(layer.id);
        const isSelected = selectedIds.includes(layer.id);
        return (
          <Flex
            key={layer.id}
            data-testid="layer-row"
            data-layer-type={layer.type}
            data-selected={isSelected}
            align="center"
            gap={4}
            draggable
            onDragStart={() => setDragged(layer.id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged && dragged !== layer.id) editor.reorder(dragged, index);
              setDragged(null);
            }}
            onClick={(e) =>
              editor.setSelectedIds(
                e.shiftKey || e.metaKey || e.ctrlKey
                  ? isSelected
                    ? selectedIds.filter((id) => id !== layer.id)
                    : [...selectedIds, layer.id]
                  : [layer.id],
              )
            }
            style={{
              padding: '4px 6px',
              borderRadius: 4,
              cursor: 'pointer',
              background: isSelected ? 'rgba(22,119,255,0.12)' : undefined,
              opacity: layer.visible ? 1 : 0.5,
            }}
          >
            <Typography.Text ellipsis style={{ flex: 1 }} type={outside(layer.id) ? 'danger' : undefined}>
              {layerLabel(layer, t(`designs.layerType.${layer.type}`))}
            </Typography.Text>
            {dpi && <DpiBadge dpi={dpi.dpi} level={dpi.level} />}
            <Button
              size="small"
              type="text"
              aria-label={t('designs.layers.up')}
              icon={<ArrowUpOutlined />}
              disabled={index === layers.length - 1}
              onClick={(e) => {
                e.stopPropagation();
                editor.reorder(layer.id, index + 1);
              }}
            />
            <Button
              size="small"
              type="text"
              aria-label={t('designs.layers.down')}
              icon={<ArrowDownOutlined />}
              disabled={index === 0}
              onClick={(e) => {
                e.stopPropagation();
                editor.reorder(layer.id, index - 1);
              }}
            />
            <Button
              size="small"
              type="text"
              data-testid="layer-lock"
              aria-label={t(layer.locked ? 'designs.layers.unlock' : 'designs.layers.lock')}
              icon={layer.locked ? <LockOutlined /> : <UnlockOutlined />}
              onClick={(e) => {
                e.stopPropagation();
                editor.patchLayer(layer.id, (l) => ({ ...l, locked: !l.locked }));
              }}
            />
            <Button
              size="small"
              type="text"
              data-testid="layer-visibility"
              aria-label={t(layer.visible ? 'designs.layers.hide' : 'designs.layers.show')}
              icon={layer.visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              onClick={(e) => {
                e.stopPropagation();
                editor.patchLayer(layer.id, (l) => ({ ...l, visible: !l.visible }));
              }}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
