/** A beat's tags as a list of #tag pills: on its catalog row, its exclusive card and its page. */
import './beat-tags.css';

export interface BeatTagsProps {
  tags: readonly string[];
  /** Shows only the first tags (a row or a card has room for a few). */
  max?: number;
  /** The place's own class, which sizes and spaces the pills. */
  className: string;
}

export function BeatTags({ tags, max, className }: BeatTagsProps) {
  return (
    <ul className={className} aria-label="Tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag} className="beat-tags__tag">
          #{tag}
        </li>
      ))}
    </ul>
  );
}
