import { useState, type FormEvent } from 'react';
import type { Endpoint } from '@/lib/settings';

export interface SettingsFormProps {
  initial: Endpoint;
  /** Saves the endpoint; resolves to an error message a person can act on, or null when saved. */
  onSave: (endpoint: Endpoint) => Promise<string | null>;
}

/** The endpoint fields: Base URL, API key, Model, and Save. What the user typed is kept on error. */
export function SettingsForm({ initial, onSave }: SettingsFormProps) {
  const [values, setValues] = useState<Endpoint>(initial);
  const [status, setStatus] = useState<{ kind: 'idle' | 'saved' | 'error'; text: string }>({ kind: 'idle', text: '' });
  const set = (key: keyof Endpoint) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = await onSave(values);
    setStatus(error ? { kind: 'error', text: error } : { kind: 'saved', text: 'Saved.' });
  };

  return (
    <form className="settings" onSubmit={submit} noValidate>
      <label>
        Base URL
        <input type="url" value={values.baseUrl} onChange={set('baseUrl')} placeholder="https://api.openai.com/v1" autoComplete="off" />
      </label>
      <label>
        API key
        <input type="password" value={values.apiKey} onChange={set('apiKey')} placeholder="sk-… (empty for a local server)" autoComplete="off" />
      </label>
      <label>
        Model
        <input type="text" value={values.model} onChange={set('model')} placeholder="gpt-4o-mini" autoComplete="off" />
      </label>
      <button type="submit">Save</button>
      <p className={`form-status form-status--${status.kind}`} role="status" data-testid="settings-status">
        {status.text}
      </p>
    </form>
  );
}
