/** Services that are not open yet (Coming Soon with a contact e-mail for requests: docs/product/screens-and-words.md#screens). */
import type { ReactNode } from 'react';
import { ArrowLeft, Info, Mail, Megaphone, Palette, PenTool, SlidersHorizontal, Sparkles } from 'lucide-react';
import { paths } from '../../config/paths';
import { ButtonLink } from '../../components/ui/button';
import { StatusPage } from '../layout/status-page';

export const CONTACT_EMAIL = 'studio@beatmarket.test';

const icons: Record<string, ReactNode> = {
  'Mixing & Mastering': <SlidersHorizontal />,
  Artworks: <Palette />,
  Marketing: <Megaphone />,
  Branding: <PenTool />,
  About: <Info />,
};

export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Beat Market`}</title>
      <StatusPage
        art={icons[title] ?? <Sparkles />}
        eyebrow={title}
        title="Coming Soon"
        actions={
          <ButtonLink to={paths.home} variant="secondary" icon={<ArrowLeft />}>
            Back to the beats
          </ButtonLink>
        }
      >
        <p>We&apos;re putting the finishing touches on this page. Have a project in mind already? Send us your request.</p>
        <a className="status-page__mail" href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(title)}`}>
          <Mail aria-hidden="true" />
          {CONTACT_EMAIL}
        </a>
      </StatusPage>
    </>
  );
}
