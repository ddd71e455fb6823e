import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FinishedSlotsReply, PersonalisationSlot } from '@pod/shared';
import { loadDesignDocument, walkLayers, type DesignDocument, type SurfaceSpec } from '@pod/design';
import type { Executor } from '../../db/client.ts';
import { finishedProducts, type StoredSlot } from './schema.ts';
import { productsByIds } from '../catalog/index.ts';
import { fieldError, specsOf, type MerchantScope } from './design-check.ts';
import { findFinished, ownedBy } from './finished.service.ts';

/**
 * Personalisation slots (issue 20, decision 0053): a finished product names some of its text and
 * image layers; order lines with buyer customisation fill them. A slot is `surface` + `layer_id`
 * (layer ids are unique within a document, and the editor keeps them across colours).
 */

type Candidate = FinishedSlotsReply['candidates'][number];

/** The text and image layers of the documents (every colour, groups included), once each. */
export function slotCandidates(docs: readonly DesignDocument[]): Candidate[] {
  const out = new Map<string, Candidate>();
  for (const doc of docs)
    for (const [surface, s] of Object.entries(doc.surfaces))
      walkLayers(s.layers, (layer) => {
        if (layer.type !== 'text' && layer.type !== 'image') return;
        const key = `${surface}/${layer.id}`;
        if (out.has(key)) return;
        out.set(key, {
          surface,
          layer_id: layer.id,
          layer_name: layer.name || layer.id,
          kind: layer.type,
          sample: layer.type === 'text' ? layer.text : null,
        });
      });
  return [...out.values()];
}

/**
 * The slots' rules: names unique (case and surrounding space ignored), one slot per layer, the
 * layer exists on that surface in at least one colour's document, and is of the slot's kind
 * wherever it exists. 400 naming the field otherwise.
 */
export function validateSlots(docs: readonly DesignDocument[], slots: readonly PersonalisationSlot[]): void {
  const names = new Set<string>();
  const layers = new Set<string>();
  slots.forEach((slot, i) => {
    const name = slot.name.trim().toLowerCase();
    if (names.has(name)) throw fieldError(`slots.${i}.name`, 'design.slotNameTwice', { name: slot.name });
    names.add(name);
    const key = `${slot.surface}/${slot.layer_id}`;
    if (layers.has(key))
      throw fieldError(`slots.${i}.layer_id`, 'design.slotLayerTwice', { name: slot.name });
    layers.add(key);
    const kinds = new Set<string>();
    for (const doc of docs)
      walkLayers(doc.surfaces[slot.surface]?.layers ?? [], (layer) => {
        if (layer.id === slot.layer_id) kinds.add(layer.type);
      });
    if (!kinds.size)
      throw fieldError(`slots.${i}.layer_id`, 'design.slotLayerMissing', {
        name: slot.name,
        layer: slot.layer_id,
      });
    if (kinds.size > 1 || !kinds.has(slot.kind))
      throw fieldError(`slots.${i}.kind`, 'design.slotKindMismatch', {
        name: slot.name,
        kind: slot.kind,
      });
  });
}

const docsOf = (row: { documents: Array<Record<string, unknown>> }) =>
  row.documents.map((d) => loadDesignDocument(d));

function slotsReply(row: typeof finishedProducts.$inferSelect): FinishedSlotsReply {
  return {
    finished_id: row.id,
    personalisable: row.personalisationSlots.length > 0,
    slots: row.personalisationSlots,
    candidates: slotCandidates(docsOf(row)),
  };
}

export async function getSlots(tx: Executor, m: MerchantScope, id: string): Promise<FinishedSlotsReply> {
  return slotsReply(await findFinished(tx, m, id));
}

/** Replaces the slots (an empty list: no longer personalisable). */
export async function setSlots(
  tx: Executor,
  m: MerchantScope,
  id: string,
  slots: PersonalisationSlot[],
): Promise<FinishedSlotsReply> {
  const row = await findFinished(tx, m, id);
  const clean: StoredSlot[] = slots.map((s) => ({ ...s, name: s.name.trim() }));
  validateSlots(docsOf(row), clean);
  const [updated] = await tx
    .update(finishedProducts)
    .set({ personalisationSlots: clean, updatedAt: new Date() })
    .where(and(eq(finishedProducts.id, id), ownedBy(m)))
    .returning();
  return slotsReply(updated!);
}

/** What the personalisation fill reads of a finished product (deleted ones too: the order stands). */
export interface FinishedForPersonalisation {
  id: string;
  name: string;
  productId: string;
  documents: DesignDocument[];
  slots: StoredSlot[];
  /** The product's design surfaces (print size, DPI, minimum DPI); empty when the product is gone. */
  specs: SurfaceSpec[];
}

export async function finishedForPersonalisation(
  tx: Executor,
  m: MerchantScope,
  id: string,
): Promise<FinishedForPersonalisation | null> {
  const [row] = await tx
    .select()
    .from(finishedProducts)
    .where(
      and(
        eq(finishedProducts.id, id),
        eq(finishedProducts.tenantId, m.tenantId),
        eq(finishedProducts.merchantId, m.merchantId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const [product] = await productsByIds(tx, m.tenantId, [row.productId]);
  return {
    id: row.id,
    name: row.name,
    productId: row.productId,
    documents: docsOf(row),
    slots: row.personalisationSlots,
    specs: product ? specsOf(product) : [],
  };
}

/**
 * SQL: the finished product in `finishedId` names at least one slot (for other modules' sweeps,
 * e.g. personalisation finding order lines to fill).
 */
export function isPersonalisable(finishedId: AnyPgColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${finishedProducts} WHERE ${finishedProducts.id} = ${finishedId} AND ${finishedProducts.personalisationSlots} <> '[]'::jsonb)`;
}
