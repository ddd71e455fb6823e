import { useMemo, useState, type Key } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Spin,
  Tree,
  Typography,
  type TreeDataNode,
  type TreeProps,
} from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { materialCategoryCreateSchema, type MaterialCategory, maxLengthOf } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useZodField } from '../../forms/use-zod-field.ts';
import { useCategoryMutations, useMaterialSummary } from './api.ts';
import { moveOfDrop, subtreeIds, subtreeMaterialCount, UNCATEGORISED } from './category-tree.ts';

/** What the grid shows: 'all' materials, the Uncategorised ones (UNCATEGORISED), or a category id. */
export type CategorySelection = string;

interface Permissions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canSort: boolean;
}

/** The category form: a new (sub-)category, or a new name. */
type Editing =
  { mode: 'create'; parent: MaterialCategory | null } | { mode: 'rename'; category: MaterialCategory };

/**
 * The category tree of the material library (spec §2, §4): the virtual "Uncategorised" node first,
 * then the library's categories; add, rename and delete (after a confirmation saying where the
 * materials go); drag a category onto another to move it under it, or beside one to reorder.
 */
export function CategoryPanel(props: {
  categories: readonly MaterialCategory[];
  isLoading: boolean;
  error: ApiError | null;
  selected: CategorySelection;
  onSelect: (selection: CategorySelection) => void;
  permissions: Permissions;
}) {
  const { categories, selected, onSelect, permissions } = props;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const summary = useMaterialSummary();
  const mutations = useCategoryMutations();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const byId = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);

  const onDelete = (category: MaterialCategory) => {
    const count = subtreeMaterialCount(categories, category.id);
    const hasChildren = subtreeIds(categories, category.id).length > 1;
    modal.confirm({
      title: t('materials.category.deleteTitle', { name: category.name }),
      content: (
        <Flex vertical gap={4} data-testid="category-delete-confirm">
          <span>{t('materials.category.deleteMoves', { count })}</span>
          {hasChildren ? <span>{t('materials.category.deleteChildren')}</span> : null}
        </Flex>
      ),
      okText: t('crud.delete'),
      okButtonProps: { danger: true, 'data-testid': 'category-delete-ok' },
      cancelText: t('app.cancel'),
      onOk: () =>
        mutations.remove.mutateAsync(category.id).then(
          () => {
            if (selected !== 'all' && subtreeIds(categories, category.id).includes(selected)) onSelect('all');
          },
          () => undefined,
        ),
    });
  };

  const titleOf = (category: MaterialCategory) => {
    const actions = [
      ...(permissions.canAdd
        ? [{ key: 'add', icon: <FolderAddOutlined />, label: t('materials.category.addChild') }]
        : []),
      ...(permissions.canEdit
        ? [{ key: 'rename', icon: <EditOutlined />, label: t('materials.category.rename') }]
        : []),
      ...(permissions.canDelete
        ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('crud.delete'), danger: true }]
        : []),
    ];
    return (
      <Flex align="center" gap={4} data-testid="category-node" data-name={category.name}>
        <Typography.Text ellipsis style={{ maxWidth: 150 }}>
          {category.name}
        </Typography.Text>
        <Badge count={category.material_count} showZero color="#bfbfbf" size="small" overflowCount={9999} />
        {actions.length ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: actions,
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'add') setEditing({ mode: 'create', parent: category });
                if (key === 'rename') setEditing({ mode: 'rename', category });
                if (key === 'delete') onDelete(category);
              },
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('crud.actions')}
              data-testid="category-actions"
              onClick={(event) => event.stopPropagation()}
            />
          </Dropdown>
        ) : null}
      </Flex>
    );
  };

  const treeData = ((): TreeDataNode[] => {
    const byParent = new Map<string | null, MaterialCategory[]>();
    for (const category of categories) {
      const parent = category.parent_id !== null && byId.has(category.parent_id) ? category.parent_id : null;
      byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
    }
    const build = (parent: string | null): TreeDataNode[] =>
      (byParent.get(parent) ?? []).map((category) => {
        const children = build(category.id);
        return {
          key: category.id,
          title: titleOf(category),
          ...(children.length ? { children } : { isLeaf: true }),
        };
      });
    const uncategorised: TreeDataNode = {
      key: UNCATEGORISED,
      isLeaf: true,
      title: (
        <Flex align="center" gap={4} data-testid="category-uncategorised">
          <Typography.Text type="secondary">{t('materials.category.uncategorised')}</Typography.Text>
          <Badge
            count={summary.data?.uncategorised ?? 0}
            showZero
            color="#bfbfbf"
            size="small"
            overflowCount={9999}
          />
        </Flex>
      ),
    };
    return [uncategorised, ...build(null)];
  })();

  const expandedKeys = categories.filter((c) => !collapsed.has(c.id)).map((c) => c.id);

  const move = async (id: string, parentId: string | null, sortWith: string | null) => {
    const category = byId.get(id);
    if (!category) return;
    if (category.parent_id !== parentId) {
      if (!permissions.canEdit) return;
      await mutations.update.mutateAsync({ id, body: { parent_id: parentId } });
    }
    if (sortWith && permissions.canSort) await mutations.sortable.mutateAsync({ id, targetId: sortWith });
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = String(info.dragNode.key);
    const targetId = String(info.node.key);
    const position = Number(String(info.node.pos).split('-').at(-1));
    const side = Math.sign(info.dropPosition - position) as -1 | 0 | 1;
    const target = byId.get(targetId);
    const result = moveOfDrop({
      dragId,
      targetId,
      targetParentId: target?.parent_id ?? null,
      dropToGap: info.dropToGap,
      side,
      isTargetOpenParent: Boolean(info.node.expanded && info.node.children?.length),
    });
    if (!result) return;
    const parent = result.parentId ? byId.get(result.parentId) : undefined;
    const dragged = byId.get(dragId);
    const run = () => move(dragId, result.parentId, result.sortWith).catch(() => undefined);
    // spec §4: moving a category under one that holds materials moves those materials into it.
    if (parent && dragged && dragged.parent_id !== parent.id && parent.material_count > 0) {
      modal.confirm({
        title: t('materials.category.moveTitle', { name: dragged.name, parent: parent.name }),
        content: t('materials.category.moveMaterials', { count: parent.material_count, name: dragged.name }),
        okText: t('materials.category.move'),
        cancelText: t('app.cancel'),
        onOk: run,
      });
      return;
    }
    void run();
  };

  const canMove = permissions.canEdit || permissions.canSort;
  return (
    <Card
      size="small"
      title={t('materials.category.title')}
      style={{ width: 280, flexShrink: 0 }}
      data-testid="category-panel"
      extra={
        permissions.canAdd ? (
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            data-testid="category-add"
            onClick={() => setEditing({ mode: 'create', parent: null })}
          >
            {t('materials.category.add')}
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={8}>
        <Button
          block
          type={selected === 'all' ? 'primary' : 'text'}
          ghost={selected === 'all'}
          style={{ justifyContent: 'space-between', display: 'flex' }}
          data-testid="category-all"
          onClick={() => onSelect('all')}
        >
          <span>{t('materials.category.all')}</span>
          <span>{summary.data?.total ?? ''}</span>
        </Button>
        {props.error ? <Alert type="error" showIcon title={props.error.msg} /> : null}
        {props.isLoading ? (
          <Flex justify="center" style={{ padding: 16 }}>
            <Spin />
          </Flex>
        ) : (
          <Tree
            blockNode
            data-testid="category-tree"
            treeData={treeData}
            selectedKeys={selected === 'all' ? [] : [selected]}
            expandedKeys={expandedKeys}
            onExpand={(keys: Key[]) => {
              const open = new Set(keys.map(String));
              setCollapsed(new Set(categories.map((c) => c.id).filter((id) => !open.has(id))));
            }}
            onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : 'all')}
            draggable={canMove ? { icon: false, nodeDraggable: (node) => node.key !== UNCATEGORISED } : false}
            allowDrop={({ dropNode, dropPosition }) =>
              !(dropNode.key === UNCATEGORISED && dropPosition === 0)
            }
            onDrop={onDrop}
          />
        )}
        {!props.isLoading && categories.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('materials.category.none')} />
        ) : null}
        {canMove && categories.length > 1 ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('materials.category.dragHint')}
          </Typography.Text>
        ) : null}
      </Flex>
      {editing ? <CategoryModal editing={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function CategoryModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const field = useZodField();
  const [form] = Form.useForm<{ name: string }>();
  const mutations = useCategoryMutations();
  const onFailure = useFormFailure(form, ['name', 'parent_id']);
  const parent = editing.mode === 'create' ? editing.parent : null;

  const onFinish = async ({ name }: { name: string }) => {
    try {
      if (editing.mode === 'create')
        await mutations.create.mutateAsync({ name, parent_id: parent?.id ?? null });
      else await mutations.update.mutateAsync({ id: editing.category.id, body: { name } });
      onClose();
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  return (
    <Modal
      open
      title={
        editing.mode === 'rename'
          ? t('materials.category.renameTitle')
          : parent
            ? t('materials.category.addChildTitle', { name: parent.name })
            : t('materials.category.addTitle')
      }
      onCancel={onClose}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      confirmLoading={mutations.create.isPending || mutations.update.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'category-form-submit' }}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="category-form"
        initialValues={{ name: editing.mode === 'rename' ? editing.category.name : '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item {...field('name', materialCategoryCreateSchema.shape.name)}>
          <Input maxLength={maxLengthOf(materialCategoryCreateSchema.shape.name)} autoFocus />
        </Form.Item>
        {parent && parent.material_count > 0 ? (
          <Alert
            type="info"
            showIcon
            title={t('materials.category.childTakesMaterials', {
              count: parent.material_count,
              name: parent.name,
            })}
          />
        ) : null}
      </Form>
    </Modal>
  );
}
