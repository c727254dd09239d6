/** A known kind of OpenAI-compatible endpoint: picking it fills the Base URL. */
export interface Preset {
  id: 'openai' | 'ollama' | 'lmstudio' | 'vllm' | 'openrouter' | 'custom';
  /** The product's name, the same in every language; null for Custom, which is named in the UI's language. */
  name: string | null;
  /** Empty for Custom: the user types it. */
  baseUrl: string;
  /** Whether the endpoint wants an API key (local servers do not). */
  needsKey: boolean;
  /** A vision model to suggest when the endpoint lists none. */
  exampleModel: string;
}

/** The presets offered in Options, in the order shown. */
export const PRESETS: readonly Preset[] = [
  { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', needsKey: true, exampleModel: 'gpt-4o-mini' },
  { id: 'ollama', name: 'Ollama', baseUrl: 'http://localhost:11434/v1', needsKey: false, exampleModel: 'qwen2.5vl' },
  { id: 'lmstudio', name: 'LM Studio', baseUrl: 'http://localhost:1234/v1', needsKey: false, exampleModel: 'qwen2-vl-7b-instruct' },
  { id: 'vllm', name: 'vLLM', baseUrl: 'http://localhost:8000/v1', needsKey: false, exampleModel: 'Qwen/Qwen2.5-VL-7B-Instruct' },
  { id: 'openrouter', name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', needsKey: true, exampleModel: 'openai/gpt-4o-mini' },
  { id: 'custom', name: null, baseUrl: '', needsKey: false, exampleModel: 'gpt-4o-mini' },
];

const normalize = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

/** The preset a Base URL belongs to; Custom when it matches none. */
export function presetFor(baseUrl: string): Preset {
  const wanted = normalize(baseUrl);
  return PRESETS.find((p) => p.baseUrl && normalize(p.baseUrl) === wanted) ?? PRESETS[PRESETS.length - 1]!;
}

/** Looks a preset up by id. */
export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
