import './messages.ts';

/**
 * Order intake calls `queuePersonalisation` after storing an order whose lines carry buyer
 * customisation (or after linking such lines to finished products); decision 0053.
 */
export { queuePersonalisation, markPending, runFill, type FillJobData } from './personalisation.service.ts';
export { mapCustomisation, placeImage, placeText } from './fill.ts';
export { personalisationModule } from './module.ts';
