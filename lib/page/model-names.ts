// Words that say a model or an AI wrote something: a post's "I asked an AI to describe…", a tutorial's "Here is what the
// model answered:". Pure text tests.
import { collapse, wordCount } from './caption-text';

/** The post says a model or an AI wrote what it quotes ("I asked an AI to describe…", "von einer KI beschreiben lassen"). */
const NAMES_MODEL =
  /\b(?:ai|a\.i\.|ki|ia|bot|bots|chatbot|llm|gpt|chatgpt|gemini|claude|llava|copilot|grok|perplexity|deepseek|qwen|vision model|language model|sprachmodell|modèle de langage|modelo de lenguaje|modello linguistico|modelo de linguagem|inteligencia artificial|intelligenza artificiale|inteligência artificial)\b|人工知能|人工智能|ＡＩ|チャットボット|聊天机器人|الذكاء الاصطناعي/i;
/** The same where JavaScript's \b does not reach (Cyrillic, Vietnamese …) and "neural network" in several languages ("нейромережа", "нейросеть", "ШІ", "ИИ"). */
const NAMES_MODEL_WIDE =
  /(?<![\p{L}\p{N}])(?:нейромереж\p{L}*|нейросет\p{L}*|нейронн\p{L}* (?:мереж|сет)\p{L}*|ші|ии|штучн\p{L}* інтелект\p{L}*|искусственн\p{L}* интеллект\p{L}*|нейронк\p{L}*|neural net(?:work)?s?|neuronale[sn]? netz(?:e|werk)?|réseaux? de neurones|red(?:es)? neuronal(?:es)?|ret[ei] neural[ei]|redes? neura(?:l|is)|sie[ćc]i? neuronow\p{L}*|sztuczn\p{L}* inteligencj\p{L}*|yapay zeka|trí tuệ nhân tạo|mạng nơ-ron|tekoäly\p{L}*|umělá inteligence|umělou inteligenc\p{L}*|umělé inteligenc\p{L}*|umelá inteligencia|изкуствен\p{L}* интелект\p{L}*|вештачк\p{L}* интелиген\p{L}*|umjetn\p{L}* inteligencij\p{L}*|veštačk\p{L}* inteligencij\p{L}*|umetn\p{L}* inteligenc\p{L}*|dirbtin\p{L}* intelekt\p{L}*|mākslīg\p{L}* intelekt\p{L}*|tehisintellekt\p{L}*|inteligen[țţ]a artificial[ăa]|inteligen[țţ]ei artificiale|τεχνητή νοημοσύνη|τεχνητής νοημοσύνης|artificiell intelligens|mesterséges intelligencia|kecerdasan buatan|språkmodell\p{L}*|kielimalli\p{L}*|jazykov\p{L}* model\p{L}*)(?![\p{L}\p{N}])|ปัญญาประดิษฐ์|هوش مصنوعی|בינה מלאכותית|인공 지능|神经网络|神經網路|ニューラルネット|신경망|인공지능/iu;
/** The text names a model or an AI. */
export const namesModel = (text: string) => NAMES_MODEL.test(text) || NAMES_MODEL_WIDE.test(text);

/** "the model", "il modello", "das Modell", "le modèle", "модель", "モデル" …: a model named by the word alone. */
const THE_MODEL = /(?<![\p{L}\p{N}])(?:model|models|modell|modells|modelle|modèle|modelo|modello|modelu|modeli|modele|модель|модели|моделі|malli|mallin|mallia|modellen|modelul|modelului|μοντέλο|μοντέλου|mô hình|modelo)(?![\p{L}\p{N}])|モデル|模型|모델|โมเดล|مدل|מודל/iu;

/** Longest lead-in to a model's words ("Ecco che cosa ha risposto il modello:", "This is what the model came back with:"). */
const LEAD_IN_WORDS = 14;

/**
 * A short line ending in a colon that names the model or an AI: it introduces what the model wrote, as an output label
 * does ("Here is what the model answered:", "Ecco che cosa ha risposto il modello:", "Das Modell antwortete:").
 */
export function isModelLeadIn(text: string): boolean {
  const t = collapse(text);
  return /[:：]$/.test(t) && wordCount(t) <= LEAD_IN_WORDS && (namesModel(t) || THE_MODEL.test(t));
}
