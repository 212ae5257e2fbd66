import type { ReactNode } from 'react';
import { pageTitle, useDocumentTitle } from './documentTitle';

/** A centred card for whole-screen states: loading, 404, no access, waiting for approval. */
export function StatusScreen({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  useDocumentTitle(pageTitle(title));
  return (
    <main className="center-screen">
      <section className="card status-card" data-testid={testId} aria-labelledby="status-title">
        <h1 id="status-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
