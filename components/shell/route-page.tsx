import 'server-only';
// The title of a page whose name is a key of messages/…/pages.json: "<Page> · <Brand>".
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Messages } from '@/messages/load';
import { resolvePageContext, type LocaleParams } from './page-context';

type RouteName = keyof Messages['pages'];

async function buildRouteMetadata(name: RouteName, params: Promise<LocaleParams>): Promise<Metadata> {
  const { locale, brandName } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: { absolute: `${t(`${name}.title`)} · ${brandName}` } };
}

/** `export const generateMetadata = routeMetadata('news')`: the title "<Page> · <Brand>". */
export function routeMetadata(name: RouteName) {
  return ({ params }: { params: Promise<LocaleParams> }) => buildRouteMetadata(name, params);
}
