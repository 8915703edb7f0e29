/**
 * Which schema describes each file of config/ the content editor knows, by the name a person knows
 * the file by ('config/pages/home.ts'): the editor's forms, its sentences and its server read it here.
 */
import { formSchema } from '../../site/forms/model/formSchema';
import { isLocked } from '../../site/forms/model/registry';
import { newFormSchema } from './newFormSchema';
import admin from '../../../config/admin';
import { adminSchemaOf } from './adminSchema';
import { articleSchema } from '../../site/model/articleSchema';
import { pageSchema } from '../../site/model/pageSchema';
import { routesSchema } from '../../site/model/routesSchema';
import { movedSchema } from '../../site/model/movedSchema';
import type { Schema } from '../../schema/schema';
import server from '../../../config/server';
import { serverSchemaOf } from '../../platform/serverSchema';
import { siteSchema } from '../../site/model/siteSchema';

export const SITE_FILE = 'config/site.ts';
export const ROUTES_FILE = 'config/routes.ts';
/** The addresses that were pages of the site, and the words a removed page's visitors read: written by each publish, never by the editor (its words are translated). */
export const MOVED_FILE = 'config/moved.ts';
/** The description of config/admin.ts, made from its words as the code was built with them (the checker refuses a file that leaves one out). */
export const adminSchema = adminSchemaOf(admin);
export const ADMIN_FILE = 'config/admin.ts';
/** The description of config/server.ts, made from its words as the code was built with them, as config/admin.ts's is. */
export const serverSchema = serverSchemaOf(server);
export const SERVER_FILE = 'config/server.ts';
const PAGE = /^config\/pages\/([\w-]+)\.ts$/;
const FORM = /^config\/forms\/([\w-]+)\.ts$/;
const ARTICLE = /^config\/articles\/([\w-]+)\.ts$/;

const single: Readonly<Record<string, Schema<unknown>>> = {
  [SITE_FILE]: siteSchema,
  [ROUTES_FILE]: routesSchema,
  [MOVED_FILE]: movedSchema,
  [ADMIN_FILE]: adminSchema,
  [SERVER_FILE]: serverSchema,
};

export function schemaOfFile(file: string): Schema<unknown> | undefined {
  if (Object.hasOwn(single, file)) return single[file];
  if (PAGE.test(file)) return pageSchema;
  if (FORM.test(file)) return isLocked(FORM.exec(file)![1]!) ? formSchema : newFormSchema;
  if (ARTICLE.test(file)) return articleSchema;
  return undefined;
}

export const pageIdOf = (file: string): string | undefined => PAGE.exec(file)?.[1];
export const formIdOf = (file: string): string | undefined => FORM.exec(file)?.[1];
export const articleIdOf = (file: string): string | undefined => ARTICLE.exec(file)?.[1];
export const articleFileOf = (id: string): string => `config/articles/${id}.ts`;
