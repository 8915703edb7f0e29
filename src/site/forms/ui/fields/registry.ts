/** Field kind -> renderer. A kind in formSchema.ts without a renderer is a type error. */
import type { ComponentType } from 'react';
import type { fieldKinds } from '../../model/formSchema';
import { ChoiceInput } from './ChoiceInput';
import { FileInput } from './FileInput';
import { SelectInput } from './SelectInput';
import { TextInput } from './TextInput';
import type { FieldProps } from './types';

export const fieldRenderers = {
  text: TextInput,
  email: TextInput,
  tel: TextInput,
  url: TextInput,
  textarea: TextInput,
  select: SelectInput,
  file: FileInput,
  number: TextInput,
  date: TextInput,
  radio: ChoiceInput,
  checkboxes: ChoiceInput,
  consent: ChoiceInput,
} satisfies Record<(typeof fieldKinds)[number], ComponentType<FieldProps>>;
