import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SettingsForm } from '@/components/settings-form';
import { loadSettings, settingsItem } from '@/lib/platform/storage';
import { endpointSchema, type Endpoint, type Settings } from '@/lib/settings';
import '@/components/theme.css';

async function save(current: Settings, endpoint: Endpoint): Promise<string | null> {
  const parsed = endpointSchema.safeParse(endpoint);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message).join(' ');
  await settingsItem.setValue({ ...current, ...parsed.data });
  return null;
}

function Options() {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void loadSettings().then(setSettings);
  }, []);
  if (!settings) return null;
  return (
    <main className="options">
      <h1>Caption Check — model endpoint</h1>
      <p>Any OpenAI-compatible endpoint with image input: OpenAI, a local Ollama, LM Studio or vLLM server, OpenRouter.</p>
      <SettingsForm
        initial={{ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model }}
        onSave={async (endpoint) => {
          const error = await save(settings, endpoint);
          if (!error) setSettings(await loadSettings());
          return error;
        }}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Options />
  </StrictMode>,
);
