import { SiteNotFound } from '@/components/content/site-not-found';

export default function UnknownPathNotFound() {
  return <SiteNotFound />;
}
