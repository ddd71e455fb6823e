import type { Language } from '@pod/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { extensionPoint, type Extension } from '../../platform/extensions.ts';
import type { CellValue } from '../../platform/xlsx/cells.ts';
import type { AppServices } from '../../services.ts';

/** Text in both languages of the platform (headers, titles). */
export type Bilingual = Record<Language, string>;

/** How values become cells in the reader's language and time zone. */
export interface CellFormat {
  lang: Language;
  timeZone: string;
  /** `YYYY-MM-DD HH:mm:ss` in the reader's time zone; null stays empty. */
  date(value: Date | string | null | undefined): string | null;
  /** Minor units (fen, cents) as a number in major units, for a money column beside its currency. */
  money(minor: number | null | undefined): number | null;
  /** Picks the text of the reader's language. */
  text(value: Bilingual): string;
}

/** One column of an export: its header in both languages and how a row becomes its cell. */
export interface ExportColumn<R> {
  header: Bilingual;
  width?: number;
  value(row: R, format: CellFormat): CellValue;
}

/**
 * A list's export, declared once by the module that owns the list (issue 24): the page, the
 * permission that lets a user export it, the list's own filter schema, the columns, and the rows.
 * `count` and `batches` must build their WHERE clause with the list's own scoped query (ownership,
 * data scope, filters) from the context of the user who asked, so an export never holds a row
 * that user could not see in the list.
 */
export interface ExportSource<F, R> {
  /** The list's page key: its menu entry's name, e.g. `order/list`. */
  page: string;
  title: Bilingual;
  /** The permission a user needs to export the list (usually the list's own, e.g. `order:list`). */
  permission: string;
  /** The list's filters (its list query without paging), as the web sends them. */
  filters: z.ZodType<F>;
  /** The date range the filters ask for, checked against spec §5's one year. */
  dateRange?(filters: F): { from?: string | Date | undefined; to?: string | Date | undefined };
  columns: readonly ExportColumn<R>[];
  /** How many rows the export will hold (the list's total). */
  count(ctx: ServiceContext, filters: F, services: AppServices): Promise<number>;
  /** Every row, `size` at a time, in the list's order (a keyset cursor; never all at once). */
  batches(ctx: ServiceContext, filters: F, size: number, services: AppServices): AsyncIterable<R[]>;
}

/** Any source, as the exports module handles them. */
export type AnyExportSource = ExportSource<unknown, unknown>;

/** The lists that can be exported: one implementation per page key. */
export const EXPORT_SOURCES = extensionPoint<AnyExportSource>('exports.sources');

/** A module's declaration of one list's export (its descriptor `provides` it). */
export function exportSource<F, R>(source: ExportSource<F, R>): Extension {
  return EXPORT_SOURCES.provide(source.page, source);
}
