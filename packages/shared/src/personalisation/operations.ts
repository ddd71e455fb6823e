import { defineOperation } from '../contract.ts';
import { idParamsSchema } from '../crud-schemas.ts';
import { orderNoParamsSchema } from '../orders/order.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  finishedSlotsReplySchema,
  finishedSlotsUpdateSchema,
  linePersonalisationSchema,
  orderPersonalisationReplySchema,
  personalisationJobReplySchema,
  personalisationLineParamsSchema,
  personalisationSaveSchema,
} from './schemas.ts';

const DESIGNS = { audience: 'admin', tag: 'designs' } as const;
const ORDERS = { audience: 'admin', tag: 'personalisation' } as const;
const ORDER_PATH = '/api/v1/admin/order';

/** Buyer personalisation (issue 20, decision 0053): slots of a finished product, and order lines filled from them. */
export const personalisationOperations = {
  finishedSlotsGet: defineOperation({
    ...DESIGNS,
    id: 'finishedSlotsGet',
    method: 'GET',
    path: '/api/v1/admin/design/finished/:id/slots',
    permission: PERMISSIONS.finished.list,
    summary: 'The personalisation slots of a finished product and the layers that may become one',
    params: idParamsSchema,
    response: finishedSlotsReplySchema,
  }),
  finishedSlotsUpdate: defineOperation({
    ...DESIGNS,
    id: 'finishedSlotsUpdate',
    method: 'PUT',
    path: '/api/v1/admin/design/finished/:id/slots',
    permission: PERMISSIONS.finished.edit,
    summary: 'Name text and image layers as slots (none: not personalisable)',
    params: idParamsSchema,
    body: finishedSlotsUpdateSchema,
    response: finishedSlotsReplySchema,
  }),
  orderPersonalisation: defineOperation({
    ...ORDERS,
    id: 'orderPersonalisation',
    method: 'GET',
    path: `${ORDER_PATH}/:order_no/personalisation`,
    permission: PERMISSIONS.order.list,
    summary: "An order's personalised lines: status, review reason, filled design, print files and mockups",
    params: orderNoParamsSchema,
    response: orderPersonalisationReplySchema,
  }),
  orderPersonalisationRun: defineOperation({
    ...ORDERS,
    id: 'orderPersonalisationRun',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/personalisation/run`,
    permission: PERMISSIONS.order.edit,
    summary: "Fill the slots of the order's customised lines again (not lines saved by hand) and render them",
    params: orderNoParamsSchema,
    response: personalisationJobReplySchema,
  }),
  orderPersonalisationSave: defineOperation({
    ...ORDERS,
    id: 'orderPersonalisationSave',
    method: 'PUT',
    path: `${ORDER_PATH}/:order_no/personalisation/:line_id`,
    permission: PERMISSIONS.order.edit,
    summary: "Save a line's personalised design from the editor: clears its review flag and renders it again",
    params: personalisationLineParamsSchema,
    body: personalisationSaveSchema,
    response: linePersonalisationSchema,
  }),
};
