import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  SwapOutlined,
  PaperClipOutlined,
  EnvironmentOutlined,
  CrownOutlined,
  CreditCardOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CarOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileOutlined,
  FileSearchOutlined,
  FolderOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MoneyCollectOutlined,
  PictureOutlined,
  ProfileOutlined,
  RestOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SkinOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * The icons a menu may name (menu `icon` is an @ant-design/icons component name). A fixed list
 * keeps the bundle small (the whole icon set is several megabytes); an unknown name falls back to
 * a neutral icon. Add names here when the menu catalogue uses new ones.
 */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  SwapOutlined,
  PaperClipOutlined,
  EnvironmentOutlined,
  CrownOutlined,
  CreditCardOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CarOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileOutlined,
  FileSearchOutlined,
  FolderOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MoneyCollectOutlined,
  PictureOutlined,
  ProfileOutlined,
  RestOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SkinOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
};

/** The names MenuIcon knows, for the menu form's icon picker. */
export const MENU_ICON_NAMES = Object.keys(ICONS);

/** A menu's icon by its component name. */
export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
