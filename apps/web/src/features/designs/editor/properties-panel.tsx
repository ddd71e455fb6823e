import {
  Button,
  ColorPicker,
  Divider,
  Flex,
  Input,
  InputNumber,
  Segmented,
  Select,
  Slider,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { DESIGN_FONT_FAMILIES } from '@pod/shared';
import { uncroppedImageLayer, type DesignFilters, type Layer, type TextLayer } from '@pod/design';
import { regularPolygonPoints } from './model.ts';

type Patch = (layer: Layer) => Layer;

const FILTERS: Array<{ key: keyof DesignFilters; min: number; max: number; step: number }> = [
  { key: 'brightness', min: 0, max: 3, step: 0.05 },
  { key: 'contrast', min: 0, max: 3, step: 0.05 },
  { key: 'saturation', min: 0, max: 3, step: 0.05 },
  { key: 'grayscale', min: 0, max: 1, step: 0.05 },
  { key: 'sepia', min: 0, max: 1, step: 0.05 },
  { key: 'invert', min: 0, max: 1, step: 0.05 },
  { key: 'blur', min: 0, max: 50, step: 0.5 },
];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

const hex = (value: { toHexString(): string }) => value.toHexString().slice(0, 7);

/**
 * The selected layer's properties (issue 8): text with font, size, colour, alignment, spacing and
 * bend; image crop; shape colours and polygon sides; watermark and tiling spacing; opacity, flips
 * and filters for every layer. Text changes go through `onText` so the box is re-measured.
 */
export function PropertiesPanel({
  layer,
  onPatch,
  onText,
  onCrop,
}: {
  layer: Layer;
  onPatch: (patch: Patch) => void;
  onText: (patch: (layer: TextLayer) => TextLayer) => void;
  /** Enters crop mode for this image layer. */
  onCrop: () => void;
}) {
  const { t } = useTranslation();
  const set = <L extends Layer>(fn: (l: L) => L) => onPatch((l) => fn(l as L));
  return (
    <Flex vertical gap={8} data-testid="properties-panel">
      {layer.type === 'text' && (
        <>
          <Field label={t('designs.props.text')}>
            <Input.TextArea
              data-testid="prop-text"
              value={layer.text}
              autoSize={{ minRows: 1, maxRows: 4 }}
              onChange={(e) => e.target.value && onText((l) => ({ ...l, text: e.target.value }))}
            />
          </Field>
          <Field label={t('designs.props.font')}>
            <Select
              value={layer.font_family}
              options={DESIGN_FONT_FAMILIES.map((f) => ({
                value: f,
                label: <span style={{ fontFamily: f }}>{f}</span>,
              }))}
              onChange={(font_family) => onText((l) => ({ ...l, font_family }))}
            />
          </Field>
          <Flex gap={8}>
            <Field label={t('designs.props.fontSize')}>
              <InputNumber
                min={1}
                max={5000}
                value={Math.round(layer.font_size)}
                onChange={(v) => v && onText((l) => ({ ...l, font_size: v }))}
              />
            </Field>
            <Field label={t('designs.props.color')}>
              <ColorPicker
                value={layer.color}
                onChangeComplete={(c) => onText((l) => ({ ...l, color: hex(c) }))}
              />
            </Field>
            <Field label={t('designs.props.bold')}>
              <Segmented
                size="small"
                value={layer.font_weight >= 600 ? 700 : 400}
                options={[
                  { value: 400, label: t('designs.props.weightNormal') },
                  { value: 700, label: t('designs.props.weightBold') },
                ]}
                onChange={(font_weight) => onText((l) => ({ ...l, font_weight }))}
              />
            </Field>
          </Flex>
          <Field label={t('designs.props.align')}>
            <Segmented
              size="small"
              value={layer.align}
              options={(['left', 'center', 'right'] as const).map((a) => ({
                value: a,
                label: t(`designs.props.align_${a}`),
              }))}
              onChange={(align) => onText((l) => ({ ...l, align }))}
            />
          </Field>
          <Field label={t('designs.props.letterSpacing')}>
            <Slider
              min={-0.2}
              max={1}
              step={0.01}
              value={layer.letter_spacing}
              onChange={(letter_spacing: number) => onText((l) => ({ ...l, letter_spacing }))}
            />
          </Field>
          <Field label={t('designs.props.bend')}>
            <Slider
              data-testid="prop-bend"
              min={-100}
              max={100}
              value={layer.bend}
              onChange={(bend: number) => onText((l) => ({ ...l, bend }))}
            />
          </Field>
        </>
      )}
      {layer.type === 'image' && (
        <Flex gap={8} wrap align="center">
          <Button size="small" data-testid="crop-start" disabled={layer.locked} onClick={onCrop}>
            {t('designs.crop.start')}
          </Button>
          {layer.crop && (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="crop-summary">
                {t('designs.crop.size', { width: layer.crop.width, height: layer.crop.height })}
              </Typography.Text>
              <Button
                size="small"
                type="link"
                data-testid="crop-remove"
                disabled={layer.locked}
                onClick={() => onPatch((l) => (l.type === 'image' ? uncroppedImageLayer(l) : l))}
              >
                {t('designs.crop.remove')}
              </Button>
            </>
          )}
        </Flex>
      )}
      {(layer.type === 'rectangle' ||
        layer.type === 'ellipse' ||
        layer.type === 'triangle' ||
        layer.type === 'polygon') && (
        <Flex gap={8} wrap>
          <Field label={t('designs.props.fill')}>
            <ColorPicker
              allowClear
              value={layer.fill ?? undefined}
              onChangeComplete={(c) => set<typeof layer>((l) => ({ ...l, fill: hex(c) }))}
              onClear={() => set<typeof layer>((l) => ({ ...l, fill: null }))}
            />
          </Field>
          <Field label={t('designs.props.stroke')}>
            <ColorPicker
              allowClear
              value={layer.stroke ?? undefined}
              onChangeComplete={(c) =>
                set<typeof layer>((l) => ({ ...l, stroke: hex(c), stroke_width: l.stroke_width || 4 }))
              }
              onClear={() => set<typeof layer>((l) => ({ ...l, stroke: null }))}
            />
          </Field>
          <Field label={t('designs.props.strokeWidth')}>
            <InputNumber
              min={0}
              max={1000}
              value={layer.stroke_width}
              onChange={(v) => set<typeof layer>((l) => ({ ...l, stroke_width: v ?? 0 }))}
            />
          </Field>
          {layer.type === 'polygon' && (
            <Field label={t('designs.props.sides')}>
              <InputNumber
                min={3}
                max={24}
                value={layer.points.length}
                onChange={(v) => v && set<typeof layer>((l) => ({ ...l, points: regularPolygonPoints(v) }))}
              />
            </Field>
          )}
        </Flex>
      )}
      {layer.type === 'watermark' && (
        <>
          {layer.content.kind === 'text' && (
            <Field label={t('designs.props.text')}>
              <Input
                value={layer.content.text}
                onChange={(e) =>
                  e.target.value &&
                  set<typeof layer>((l) =>
                    l.content.kind === 'text' ? { ...l, content: { ...l.content, text: e.target.value } } : l,
                  )
                }
              />
            </Field>
          )}
          <Field label={t('designs.props.angle')}>
            <Slider
              min={-180}
              max={180}
              value={layer.angle}
              onChange={(angle: number) => set<typeof layer>((l) => ({ ...l, angle }))}
            />
          </Field>
          <Field label={t('designs.props.spacing')}>
            <InputNumber
              min={0}
              value={Math.round(layer.spacing_x)}
              onChange={(v) => set<typeof layer>((l) => ({ ...l, spacing_x: v ?? 0, spacing_y: v ?? 0 }))}
            />
          </Field>
        </>
      )}
      {layer.type === 'tiling' && (
        <Flex gap={8} wrap>
          <Field label={t('designs.props.tileWidth')}>
            <InputNumber
              min={1}
              value={Math.round(layer.tile_width)}
              onChange={(v) =>
                v &&
                set<typeof layer>((l) => ({
                  ...l,
                  tile_width: v,
                  tile_height: (v * l.natural_height) / l.natural_width,
                }))
              }
            />
          </Field>
          <Field label={t('designs.props.spacing')}>
            <InputNumber
              min={0}
              value={Math.round(layer.spacing_x)}
              onChange={(v) => set<typeof layer>((l) => ({ ...l, spacing_x: v ?? 0, spacing_y: v ?? 0 }))}
            />
          </Field>
          <Field label={t('designs.props.offset')}>
            <InputNumber
              value={Math.round(layer.offset_x)}
              onChange={(v) => set<typeof layer>((l) => ({ ...l, offset_x: v ?? 0, offset_y: v ?? 0 }))}
            />
          </Field>
        </Flex>
      )}
      <Field label={t('designs.props.opacity')}>
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={layer.opacity}
          onChange={(opacity: number) => onPatch((l) => ({ ...l, opacity }))}
        />
      </Field>
      <Flex gap={8}>
        <Button size="small" onClick={() => onPatch((l) => ({ ...l, flip_x: !l.flip_x }))}>
          {t('designs.props.flipX')}
        </Button>
        <Button size="small" onClick={() => onPatch((l) => ({ ...l, flip_y: !l.flip_y }))}>
          {t('designs.props.flipY')}
        </Button>
        <InputNumber
          size="small"
          min={-360}
          max={360}
          addonAfter="°"
          value={Math.round(layer.rotation)}
          onChange={(v) => onPatch((l) => ({ ...l, rotation: v ?? 0 }))}
        />
      </Flex>
      <Divider style={{ margin: '4px 0' }}>{t('designs.props.filters')}</Divider>
      {FILTERS.map((f) => (
        <Field key={f.key} label={t(`designs.filters.${f.key}`)}>
          <Slider
            data-testid={`filter-${f.key}`}
            min={f.min}
            max={f.max}
            step={f.step}
            value={layer.filters[f.key]}
            onChange={(value: number) =>
              onPatch((l) => ({ ...l, filters: { ...l.filters, [f.key]: value } }))
            }
          />
        </Field>
      ))}
    </Flex>
  );
}
