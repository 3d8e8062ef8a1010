/**
 * The /vip intro video (docs/product/store-pages.md#intro-video): a real player that loads nothing until asked,
 * never plays by itself, with captions when the store has them. Until a video exists, its frame and poster stay.
 */
import { useIntroVideo } from '../api/get-intro-video';
import './intro-video.css';

const STORE_NAME = 'Beat Market';

export function IntroVideo() {
  const intro = useIntroVideo();
  const data = intro.data;
  const captionId = 'vip-intro-video-caption';

  return (
    <figure className="vip-video" aria-labelledby={captionId}>
      {data?.video ? (
        <div className="vip-video__frame vip-video__frame--player">
          <video
            className="vip-video__player"
            controls
            preload="none"
            playsInline
            poster={data.posterUrl ?? undefined}
            aria-labelledby={captionId}
            // A new upload is a new element, so the browser drops the old one's source.
            key={data.video.url}
          >
            <source src={data.video.url} type={data.video.type} />
            {data.captionsUrl && <track kind="captions" src={data.captionsUrl} srcLang="en" label="English" default />}
          </video>
        </div>
      ) : (
        <div className="vip-video__frame" role="img" aria-label={data?.rendering ? 'The intro video is being prepared' : 'Intro video'}>
          {data?.posterUrl ? (
            <img className="vip-video__poster" src={data.posterUrl} alt="" />
          ) : (
            <span className="vip-video__bars" aria-hidden="true">
              {Array.from({ length: 28 }, (_, i) => (
                <span key={i} style={{ height: `${20 + ((i * 37) % 70)}%` }} />
              ))}
            </span>
          )}
          <span className="vip-video__name" aria-hidden="true">
            {STORE_NAME}
          </span>
        </div>
      )}
      <figcaption id={captionId} className="vip-video__caption">
        {data?.video
          ? `${STORE_NAME} · Intro video: a tour of the VIP catalog`
          : data?.rendering
            ? 'Intro video: a tour of the VIP catalog, being prepared'
            : 'Intro video: a tour of the VIP catalog'}
      </figcaption>
    </figure>
  );
}
