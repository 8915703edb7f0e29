/**
 * How a lead ends: its stage (config/admin.ts stages), its value in the agency's currency, a
 * follow-up date and the owner it is assigned to. A change of them is checked in one place, here,
 * for the lead's page (before sending) and for our server (whatever a request carries); the
 * sentences and limits are config/admin.ts `pipeline`. Money travels and is stored as a whole
 * number of the currency's minor units (pence, cents: 1250050 is £12,500.50), never as a float.
 */
import admin from '../../../config/admin';
import { addDays, dayOf } from '../../platform/received';
import { fill } from '../../schema/text';

const { stages, pipeline } = admin;

export interface Stage {
  key: string;
  name: string;
}

/** The stages, in order; a new lead is at the first. */
export const STAGES: readonly Stage[] = stages.list;
export const FIRST_STAGE = STAGES[0]!.key;
/** The stage that ends a lead won (a client), and the one that ends it lost (with a reason). */
export const WON_STAGE = stages.won;
export const LOST_STAGE = stages.lost;
export const LOST_REASONS: readonly string[] = stages.lostReasons;

/** A lead's stage from what it stores: nothing stored is the first stage. */
export const stageOf = (stored: string | null | undefined): string => stored ?? FIRST_STAGE;

/** A stage's name; a key no stage has any more (config changed) is shown as it is. */
export const stageName = (key: string | null | undefined): string => {
  const stage = stageOf(key);
  return STAGES.find((s) => s.key === stage)?.name ?? stage;
};

/** Whether a stage ends a lead: won or lost. */
export const isEndStage = (key: string): boolean => key === WON_STAGE || key === LOST_STAGE;
export const isStage = (key: unknown): key is string => typeof key === 'string' && STAGES.some((s) => s.key === key);

const money = new Intl.NumberFormat(admin.locale, { style: 'currency', currency: admin.currency });
/** Digits after the decimal separator of the currency (2 for GBP, 0 for JPY). */
export const MINOR_DIGITS = money.resolvedOptions().maximumFractionDigits ?? 2;
const MINOR = 10 ** MINOR_DIGITS;
/** The highest value taken, in minor units. */
export const VALUE_MAX = pipeline.valueMax * MINOR;

/** A value for a person: 1250050 -> "£12,500.50". */
export const formatMoney = (minor: number): string => money.format(minor / MINOR);

/** A value for a spreadsheet: 1250050 -> "12500.50" (a number it reads whatever its language). */
export const moneyCell = (minor: number | null): string => (minor === null ? '' : (minor / MINOR).toFixed(MINOR_DIGITS));

/** A value as a box shows it for editing: 1250050 -> "12500.50" in en-GB ("12500,50" where the comma separates). */
const plain = new Intl.NumberFormat(admin.locale, { minimumFractionDigits: MINOR_DIGITS, maximumFractionDigits: MINOR_DIGITS, useGrouping: false });
export const moneyText = (minor: number | null): string => (minor === null ? '' : plain.format(minor / MINOR));

/** The locale's own separators, and the currency's symbol as it writes it. */
const separators = Object.fromEntries(new Intl.NumberFormat(admin.locale).formatToParts(12345.6).map((part) => [part.type, part.value])) as Record<
  string,
  string
>;
const symbol = money.formatToParts(1).find((part) => part.type === 'currency')?.value ?? admin.currency;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount as typed ("12,500.50", "£12 500", "12500") in minor units; null for nothing typed;
 * undefined when it is not an amount of the currency (letters, a minus, more decimals than it has).
 */
export function parseMoney(typed: string): number | null | undefined {
  const text = typed.replace(new RegExp(`${escape(symbol)}|${escape(admin.currency)}`, 'gi'), '').replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return null;
  const group = separators.group ?? ',';
  const decimal = separators.decimal ?? '.';
  const digits = MINOR_DIGITS > 0 ? `(?:${escape(decimal)}(\\d{1,${MINOR_DIGITS}}))?` : '';
  // Digits, grouped by threes or not at all.
  const match = new RegExp(`^(\\d{1,3}(?:${escape(group)}\\d{3})+|\\d+)${digits}$`).exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]!.split(group).join(''));
  const fraction = Number((match[2] ?? '').padEnd(MINOR_DIGITS, '0') || '0');
  const minor = whole * MINOR + fraction;
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** What a change of a lead's stage, value, follow-up date or assignee carries; a key left out is left as it is. */
export interface PipelineChange {
  stage?: string;
  /** With the lost stage: one of config's lostReasons. */
  lostReason?: string;
  /** Minor units; null: no value. */
  value?: number | null;
  /** The agency's day (YYYY-MM-DD); null: none. */
  followUp?: string | null;
  /** An owner's account; null: nobody. */
  assignee?: string | null;
}

export type PipelineField = keyof PipelineChange;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The first problem of a change (its field, and one sentence), or undefined when it can be made
 * at `now` (a follow-up is today or later, on the agency's calendar). Whether the assignee is an
 * owner's account is the server's to say (it knows the accounts).
 */
export function pipelineProblem(change: Record<string, unknown>, now: number): { field: PipelineField; message: string } | undefined {
  const { problems } = pipeline;
  const { stage, lostReason, value, followUp, assignee } = change;
  if ([stage, value, followUp, assignee].every((given) => given === undefined)) return { field: 'stage', message: problems.nothingToChange };
  if (stage !== undefined && !isStage(stage)) return { field: 'stage', message: problems.unknownStage };
  if (stage === LOST_STAGE && !(typeof lostReason === 'string' && LOST_REASONS.includes(lostReason)))
    return { field: 'lostReason', message: problems.reasonMissing };
  if (value !== undefined && value !== null && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= VALUE_MAX)) {
    return { field: 'value', message: fill(problems.badValue, { max: formatMoney(VALUE_MAX) }) };
  }
  if (followUp !== undefined && followUp !== null) {
    const today = dayOf(now);
    if (typeof followUp !== 'string' || !isDay(followUp) || followUp < today || followUp > addDays(today, pipeline.followUpMaxDays)) {
      return { field: 'followUp', message: fill(problems.badFollowUp, { max: pipeline.followUpMaxDays }) };
    }
  }
  if (assignee !== undefined && assignee !== null && (typeof assignee !== 'string' || assignee.length > 254))
    return { field: 'assignee', message: problems.notAnOwner };
  return undefined;
}
