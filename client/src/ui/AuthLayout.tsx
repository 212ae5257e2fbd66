import type { ReactNode } from 'react';
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from '#protocol/product';
import { pageTitle, useDocumentTitle } from './documentTitle';
import { FooterLinks } from './FooterLinks';
import './authLayout.css';

/** Signed-out screens: the product name, its subtitle and one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  return (
    <main className="auth-screen">
      <div className="auth-brand">
        <img src="/favicon.svg" alt="" width="48" height="48" />
        <div>
          <p className="auth-product">{PRODUCT_NAME}</p>
          <p className="auth-subtitle">{PRODUCT_SUBTITLE}</p>
        </div>
      </div>
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {children}
      </section>
      <FooterLinks />
    </main>
  );
}
