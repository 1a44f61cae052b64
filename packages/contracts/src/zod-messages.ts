import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
  bigint: 'a whole number',
};

/**
 * A plain fragment for an issue whose schema words no message itself — read after the
 * field's name, as the server's own refusals are (`amount: is required`) — in place of
 * zod's default English ("Invalid input: expected string, received undefined").
 */
export function plainIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue.input) ? 'is required' : `must be ${TYPE_WORDS[issue.expected] ?? 'valid'}`;
    case 'too_small':
      if (isMissing(issue.input)) return 'is required';
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'is required' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array')
        return issue.minimum === 1 ? 'needs at least one entry' : `needs at least ${issue.minimum} entries`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `takes at most ${issue.maximum} entries`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return isMissing(issue.input) ? 'is required' : 'is not one of the choices';
    case 'unrecognized_keys':
      return 'Unknown field';
    case 'invalid_format':
      return issue.format === 'date' ? 'must be a date (YYYY-MM-DD)' : 'is not in the expected format';
    default:
      return isMissing(issue.input) ? 'is required' : 'is not valid';
  }
}

/**
 * Makes `plainIssueMessage` the message of every issue a schema words no message for, in
 * this process (the server; the web app). A schema's own message still wins.
 */
export function installPlainZodMessages(): void {
  z.config({ customError: plainIssueMessage });
}
