import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { excerpt, Highlight } from './highlight';

const shown = (text: string, ranges: [number, number][], max?: number) =>
  render(<Highlight text={text} ranges={ranges} max={max} />).container;

describe('a highlighted card text', () => {
  it('shows the matched part when the match lies past the cut', () => {
    const name = 'Juno Hartmann – Closing Set at Kanal 9';
    const view = shown(name, [[31, 36]], 25);
    expect(view.textContent).toBe('…Closing Set at Kanal 9');
    expect(view.querySelector('mark')?.textContent).toBe('Kanal');
    expect(Array.from(view.textContent ?? '').length).toBeLessThanOrEqual(25);
  });

  it('starts at the match, with an ellipsis at both ends, in the middle of a long name', () => {
    const name = 'Otto Kessel b2b Bruno Lasko b2b Lukas Brenner All Night Long, Kanal 9 Amsterdam Edition';
    const at = name.indexOf('Lukas');
    const view = shown(name, [[at, at + 5]], 25);
    expect(view.textContent?.startsWith('…Lukas Brenner')).toBe(true);
    expect(view.textContent?.endsWith('…')).toBe(true);
    expect(Array.from(view.textContent ?? '').length).toBeLessThanOrEqual(25);
    expect(view.querySelector('mark')?.textContent).toBe('Lukas');
  });

  it('cuts the end as before when the match is within the first characters', () => {
    const view = shown('Kanal 9 Residents Night Marathon Edition', [[0, 5]], 25);
    expect(view.textContent).toBe('Kanal 9 Residents Night…');
    expect(view.querySelector('mark')?.textContent).toBe('Kanal');
  });

  it('keeps a short text whole', () => {
    expect(excerpt('Kanal 9', [[0, 5]], 25)).toEqual({ text: 'Kanal 9', begin: 0, lead: false, tail: false });
  });
});
