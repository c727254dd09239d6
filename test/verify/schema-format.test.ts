import { describe, expect, it } from 'vitest';
import { zodResponseFormat } from 'openai/helpers/zod';
import { requestBody, schemaFormat } from '@/lib/verify/request';
import { verdictListSchemaFor } from '@/lib/verify/schema';

describe('the JSON schema response format', () => {
  it('is made once per claim count, and is what zodResponseFormat makes for that count', () => {
    for (let count = 1; count <= 40; count++) {
      const format = schemaFormat(count);
      expect(JSON.stringify(format)).toBe(JSON.stringify(zodResponseFormat(verdictListSchemaFor(count), 'claim_verdicts')));
      expect(schemaFormat(count)).toBe(format);
    }
    expect(schemaFormat(2)).not.toEqual(schemaFormat(3));
  });

  it('goes into each request body of that many claims, unchanged by the body made with it', () => {
    const claims = ['A red car.', 'A man rides a bicycle.'];
    const first = requestBody('test-vlm', claims, 'data:image/jpeg;base64,AAAA', 'json_schema', true);
    const before = JSON.stringify(schemaFormat(2));
    expect(first.response_format).toBe(schemaFormat(2));
    JSON.stringify(requestBody('test-vlm', ['A dog.', 'A cat.'], 'data:image/jpeg;base64,BBBB', 'json_schema', false));
    expect(JSON.stringify(schemaFormat(2))).toBe(before);
  });
});
