import type { FormConfig } from '../../src/forms/formSchema';

export default {
  collection: 'freelancers',
} satisfies FormConfig;
