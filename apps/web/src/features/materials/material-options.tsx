import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATERIAL_TYPES, MATERIAL_VISIBILITIES, type MenuNode } from '@pod/shared';

export type MaterialType = (typeof MATERIAL_TYPES)[number];
export type MaterialVisibility = (typeof MATERIAL_VISIBILITIES)[number];

/** Options of the material type select. */
export function useTypeOptions() {
  const { t } = useTranslation();
  return MATERIAL_TYPES.map((type) => ({ value: type, label: t(`materials.type.${type}`) }));
}

/** Options of the visibility select (spec §6 sharing). */
export function useVisibilityOptions() {
  const { t } = useTranslation();
  return MATERIAL_VISIBILITIES.map((visibility) => ({
    value: visibility,
    label: t(`materials.visibility.${visibility}`),
  }));
}

const VISIBILITY_COLOURS: Record<MaterialVisibility, string> = {
  private: 'default',
  tenant: 'blue',
  public: 'geekblue',
};

/** A material's visibility as a tag. */
export function VisibilityTag({ visibility }: { visibility: MaterialVisibility }) {
  const { t } = useTranslation();
  return <Tag color={VISIBILITY_COLOURS[visibility]}>{t(`materials.visibility.${visibility}`)}</Tag>;
}

/** A filter select of the grid (empty means all). */
export function FilterSelect(props: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: { value: string; label: string }[];
  placeholder: string;
  testId: string;
}) {
  return (
    <Select
      allowClear
      value={props.value}
      onChange={(value?: string) => props.onChange(value ?? undefined)}
      options={props.options}
      placeholder={props.placeholder}
      style={{ width: 150 }}
      data-testid={props.testId}
    />
  );
}

/** Whether the session's menus include a page (and with it the permission that page lists by). */
export function hasMenuComponent(menus: readonly MenuNode[], component: string): boolean {
  return menus.some((node) => node.component === component || hasMenuComponent(node.children, component));
}
