import type { Plugin } from 'vite';

type BundleEntry = { type: 'chunk' | 'asset'; fileName: string; imports?: string[]; viteMetadata?: { importedCss: Set<string> } };

/**
 * Names in the page, inside an inert <template> (never fetched by the browser), the files of the
 * screens a phone must have in a Wi-Fi hole though the first screen does not show them: the service
 * worker's install keeps every /assets/ file the page names (public/sw.js), so they are on the phone
 * once it is installed, and the first screen does not wait for them on a slow line.
 */
export function offlineScreens(modules: string[]): Plugin {
  return {
    name: 'tilsynsvakt-offline-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as Record<string, BundleEntry & { isDynamicEntry?: boolean; facadeModuleId?: string | null }>;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const entry = bundle[fileName];
          if (!entry || entry.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          for (const css of entry.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of entry.imports ?? []) add(imported);
        };
        for (const module of modules) {
          const screen = Object.values(bundle).find((entry) => entry.isDynamicEntry && entry.facadeModuleId?.endsWith(module));
          if (!screen) throw new Error(`offlineScreens: no chunk of its own for ${module}`);
          add(screen.fileName);
        }
        const links = [...files].sort().map((file) => ({ tag: 'link', attrs: { href: `/${file}` } }));
        return [{ tag: 'template', attrs: { 'data-offline-screens': true }, children: links, injectTo: 'body' }];
      },
    },
  };
}
