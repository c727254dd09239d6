import { describe, expect, it } from 'vitest';
import { zodResponseFormat } from 'openai/helpers/zod';
import { requestBody, schemaFormat } from '@/lib/verify/request';
import { z } from 'zod';
import { verdictListJsonSchema, verdictListSchemaFor } from '@/lib/verify/schema';

describe('the JSON schema response format', () => {
  it('is made once per claim count, and is what zodResponseFormat makes for that count', () => {
    for (let count = 1; count <= 40; count++) {
      const format = schemaFormat(count);
      expect(JSON.stringify(format)).toBe(JSON.stringify(zodResponseFormat(verdictListSchemaFor(count), 'claim_verdicts')));
      expect(schemaFormat(count)).toBe(format);
    }
    expect(schemaFormat(2)).not.toEqual(schemaFormat(3));
  });

  it('is, without its $schema line, what zod\'s toJSONSchema makes of the verdict list (the on-device model\'s constraint)', () => {
    for (let count = 1; count <= 40; count++) {
      const { $schema: _dialect, ...converted } = z.toJSONSchema(verdictListSchemaFor(count));
      expect(JSON.stringify(verdictListJsonSchema(count))).toBe(JSON.stringify(converted));
    }
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
