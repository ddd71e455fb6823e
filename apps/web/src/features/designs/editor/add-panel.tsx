import { useRef, useState } from 'react';
import { Button, Divider, Empty, Flex, Input, Pagination, Spin, Typography } from 'antd';
import {
  BorderOutlined,
  EditOutlined,
  FontSizeOutlined,
  HighlightOutlined,
  PictureOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LibraryMaterial } from '@pod/shared';
import { useDesignLibrary } from '../api.ts';
import { Hint } from './hint.tsx';

export const MATERIAL_DRAG_TYPE = 'application/x-pod-material';

export interface AddActions {
  addText: (bend: number) => void;
  addMaterial: (material: LibraryMaterial) => void;
  uploadImage: (file: File) => void;
  importSvg: (file: File) => void;
  addShape: (type: 'rectangle' | 'ellipse' | 'triangle' | 'polygon') => void;
  addWatermark: () => void;
  addTiling: (material: LibraryMaterial | null) => void;
  /** Draws a polygon point by point on the canvas. */
  drawPolygon: () => void;
}

/**
 * What can be added: text (straight or bent), materials (click or drag in), uploads, shapes (a
 * polygon also drawn point by point), SVG, watermark, tiling.
 */
export function AddPanel({
  actions,
  uploading,
  isDrawing,
}: {
  actions: AddActions;
  uploading: boolean;
  isDrawing: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<LibraryMaterial | null>(null);
  const library = useDesignLibrary({ page, limit: 12, quickSearch: search || undefined });
  const imageInput = useRef<HTMLInputElement>(null);
  const svgInput = useRef<HTMLInputElement>(null);
  const materials = library.data?.list ?? [];
  return (
    <Flex vertical gap={8} data-testid="add-panel">
      <Typography.Text strong>{t('designs.add.title')}</Typography.Text>
      <Flex gap={6} wrap>
        <Button icon={<FontSizeOutlined />} data-testid="add-text" onClick={() => actions.addText(0)}>
          {t('designs.add.text')}
        </Button>
        <Button icon={<HighlightOutlined />} data-testid="add-bent-text" onClick={() => actions.addText(30)}>
          {t('designs.add.bentText')}
        </Button>
      </Flex>
      <Flex gap={6} wrap>
        <Button size="small" icon={<BorderOutlined />} onClick={() => actions.addShape('rectangle')}>
          {t('designs.layerType.rectangle')}
        </Button>
        <Button size="small" onClick={() => actions.addShape('ellipse')}>
          {t('designs.layerType.ellipse')}
        </Button>
        <Button size="small" data-testid="add-triangle" onClick={() => actions.addShape('triangle')}>
          {t('designs.layerType.triangle')}
        </Button>
        <Button size="small" data-testid="add-polygon" onClick={() => actions.addShape('polygon')}>
          {t('designs.layerType.polygon')}
        </Button>
        <Hint title={t('designs.draw.hint')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            type={isDrawing ? 'primary' : 'default'}
            data-testid="draw-polygon"
            onClick={actions.drawPolygon}
          >
            {t('designs.draw.polygon')}
          </Button>
        </Hint>
      </Flex>
      <Flex gap={6} wrap>
        <Button size="small" data-testid="add-watermark" onClick={actions.addWatermark}>
          {t('designs.layerType.watermark')}
        </Button>
        <Hint title={t('designs.add.tilingHint')}>
          <Button size="small" data-testid="add-tiling" onClick={() => actions.addTiling(picked)}>
            {t('designs.layerType.tiling')}
          </Button>
        </Hint>
      </Flex>
      <Flex gap={6} wrap>
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={uploading}
          onClick={() => imageInput.current?.click()}
        >
          {t('designs.add.upload')}
        </Button>
        <Button
          size="small"
          icon={<PictureOutlined />}
          loading={uploading}
          onClick={() => svgInput.current?.click()}
        >
          {t('designs.add.svg')}
        </Button>
        <input
          ref={imageInput}
          type="file"
          hidden
          data-testid="upload-image-input"
          accept="image/png,image/jpeg"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) actions.uploadImage(file);
            e.target.value = '';
          }}
        />
        <input
          ref={svgInput}
          type="file"
          hidden
          data-testid="import-svg-input"
          accept="image/svg+xml,.svg"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) actions.importSvg(file);
            e.target.value = '';
          }}
        />
      </Flex>
      <Divider style={{ margin: '4px 0' }}>{t('designs.add.materials')}</Divider>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('designs.add.searchMaterials')}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <Spin spinning={library.isFetching && !library.data}>
        {materials.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designs.add.noMaterials')} />
        ) : (
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6 }}
            data-testid="material-grid"
          >
            {materials.map((m) => (
              <Hint key={m.id} title={`${m.name} · ${m.width}×${m.height}`}>
                <img
                  src={m.thumb_url ?? m.image_url}
                  alt={m.name}
                  data-testid="library-material"
                  data-name={m.name}
                  draggable
                  onDragStart={(e) => e.dataTransfer.setData(MATERIAL_DRAG_TYPE, JSON.stringify(m))}
                  onClick={() => {
                    setPicked(m);
                    actions.addMaterial(m);
                  }}
                  style={{
                    width: '100%',
                    aspectRatio: '1',
                    objectFit: 'contain',
                    background: '#f5f5f5',
                    borderRadius: 4,
                    cursor: 'grab',
                    outline: picked?.id === m.id ? '2px solid #1677ff' : undefined,
                  }}
                />
              </Hint>
            ))}
          </div>
        )}
      </Spin>
      {(library.data?.total ?? 0) > 12 && (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={12}
          total={library.data?.total}
          onChange={setPage}
        />
      )}
    </Flex>
  );
}
