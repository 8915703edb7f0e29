import type { FormConfig } from '../../src/forms/formSchema';

export default {
  collection: 'subcribe',
} satisfies FormConfig;
