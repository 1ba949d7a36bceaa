import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInSteps } from './hydrate-later.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {label} {count}
      </button>
    </section>
  );
}

function Page() {
  return (
    <main>
      <Counter label="first" />
      <HydrateLater>
        <Counter label="second" />
      </HydrateLater>
      <HydrateLater>
        <Counter label="third" />
      </HydrateLater>
    </main>
  );
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((element) =>
    element.textContent?.startsWith(name),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

describe('HydrateLater', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('when the page hydrates, then wrapped parts keep their prerendered elements and answer once their turn has come', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const prerendered = [button('first'), button('second'), button('third')];

    const steps = hydrateInSteps(() => hydrateRoot(container, <Page />));
    // The first hydration task has run: the unwrapped part answers, the wrapped ones wait.
    button('first').click();
    button('second').click();
    await steps;

    expect([button('first'), button('second'), button('third')]).toEqual(prerendered);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button('first').textContent).toBe('first 1');
    expect(button('second').textContent).toBe('second 0');
    button('third').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(button('third').textContent).toBe('third 1');
  });

  it('when a page renders after the first hydration, then wrapped parts render at once', () => {
    const container = document.createElement('div');
    document.body.append(container);

    createRoot(container).render(<Page />);

    expect(container.querySelectorAll('button')).toHaveLength(3);
  });
});
