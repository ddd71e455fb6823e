import './messages.ts';

export { devtoolsModule } from './module.ts';
export { generateCrud, previewCrud } from './generator.ts';
