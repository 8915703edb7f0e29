import type { FormConfig } from '../../src/forms/formSchema';

export default {
  collection: 'Inquriy',
} satisfies FormConfig;
