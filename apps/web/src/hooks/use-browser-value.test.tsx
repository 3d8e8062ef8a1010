import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrowserValue } from './use-browser-value';

function Origin() {
  return <p>{useBrowserValue<string | null>(() => 'browser', null) ?? 'server'}</p>;
}

describe('useBrowserValue', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders the server value on the server', () => {
    expect(renderToString(<Origin />)).toBe('<p>server</p>');
  });

  it('hydrates the server markup unchanged, then shows the browser value', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Origin />);
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Origin />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('browser');
  });
});
