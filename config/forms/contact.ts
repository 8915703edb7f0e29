import type { FormConfig } from '../../src/forms/formSchema';

export default {
  collection: 'Contact_cli',
} satisfies FormConfig;
