/**
 * The frame of the login and signup pages: the form beside a showcase panel. The showcase follows the form in
 * reading order (it is extras) and is shown on the left on wide screens, under the form on phones.
 */
import { useId, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import './auth.css';

export interface AuthLayoutProps {
  title: string;
  lead: ReactNode;
  /** Short selling points shown on the showcase panel. */
  highlights: string[];
  showcaseTitle: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

// The decorative waveform's bars: their heights and delays are in auth.css, fixed so the picture is the same on
// every visit, and rendered without inline styles, so the server-rendered HTML needs no inline style.
const BAR_COUNT = 28;

export function AuthLayout({ title, lead, highlights, showcaseTitle, children, footer }: AuthLayoutProps) {
  const titleId = useId();
  return (
    <div className="auth">
      <section className="auth__card" aria-labelledby={titleId}>
        <div className="auth__main">
          <h1 id={titleId} className="auth__title">
            {title}
          </h1>
          <p className="auth__lead">{lead}</p>
          {children}
          <p className="auth__switch">{footer}</p>
        </div>
        <div className="auth__showcase">
          <div className="auth__glow" aria-hidden="true" />
          <p className="auth__eyebrow">Why Beat Market</p>
          <p className="auth__showcase-title">{showcaseTitle}</p>
          <ul className="auth__highlights">
            {highlights.map((text) => (
              <li key={text}>
                <span className="auth__tick" aria-hidden="true">
                  <Check />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <div className="auth__wave" aria-hidden="true">
            {Array.from({ length: BAR_COUNT }, (_, i) => (
              <span key={i} />
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
