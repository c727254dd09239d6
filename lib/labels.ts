// The one table from the labels the model and the split answer in (English, as the seed prompt asks) to
// the words a person reads in the UI's language. The model always receives the seed prompt verbatim and
// its labels are stored as it gave them; only what is shown goes through this table.
import type { SetAsideReason } from './claims/set-aside';
import { t as contextT, type MessageKey, type Translate } from './i18n';
import type { ErrorType } from './verify/schema';
import { BUILTIN_LABEL } from './verify/builtin-session';

const ERROR_TYPE_KEYS: Record<ErrorType, MessageKey> = {
  Object: 'errorTypeObject',
  Attribute: 'errorTypeAttribute',
  Spatial: 'errorTypeSpatial',
  Interaction: 'errorTypeInteraction',
  Quantitative: 'errorTypeQuantitative',
};

const SET_ASIDE_KEYS: Record<SetAsideReason, MessageKey> = {
  interpretation: 'reasonInterpretation',
  'mood or atmosphere': 'reasonMood',
  'world knowledge': 'reasonWorldKnowledge',
  'inference about intent': 'reasonIntent',
  inference: 'reasonInference',
  speculation: 'reasonSpeculation',
  evaluation: 'reasonEvaluation',
  'not visible': 'reasonNotVisible',
  reasoning: 'reasonReasoning',
  question: 'reasonQuestion',
  advice: 'reasonAdvice',
  'meta-talk': 'reasonMetaTalk',
};

/** An error type as the UI names it ("Object" → "Objekt"); a label outside the table is shown as it came. */
export function errorTypeWord(type: string, t: Translate = contextT): string {
  const key = (ERROR_TYPE_KEYS as Partial<Record<string, MessageKey>>)[type];
  return key ? t(key) : type;
}

/** Why a piece was set aside, as the UI says it; a reason outside the table (a model's own) is shown as it came. */
export function setAsideReasonWord(reason: string, t: Translate = contextT): string {
  const key = (SET_ASIDE_KEYS as Partial<Record<string, MessageKey>>)[reason];
  return key ? t(key) : reason;
}

/** The model a check names, as the UI shows it: Chrome's on-device model in the UI's language (the record keeps BUILTIN_LABEL). */
export function modelWord(model: string, t: Translate = contextT): string {
  return model === BUILTIN_LABEL ? t('builtinModelName') : model;
}
