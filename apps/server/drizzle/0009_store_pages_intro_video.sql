-- The store's own pages and the /vip intro video (docs/product/store-pages.md).
-- A page is Markdown the admin writes in Store settings; the web app renders it without raw HTML
-- (docs/decisions/0026-store-pages-and-intro-video.md). The texts below are the store's first ones.
CREATE TABLE "store_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_pages_slug_valid" CHECK ("store_pages"."slug" in ('about', 'faq', 'terms', 'privacy', 'refund-policy')),
	CONSTRAINT "store_pages_body_length" CHECK (char_length("store_pages"."body") between 1 and 20000)
);
--> statement-breakpoint
-- One row: the intro video, its poster and captions in storage. Null keys: none yet.
CREATE TABLE "intro_video" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"video_key" text,
	"video_type" text,
	"poster_key" text,
	"poster_type" text,
	"captions_key" text,
	"generated" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intro_video_single_row" CHECK ("intro_video"."id" = 1),
	CONSTRAINT "intro_video_type_valid" CHECK ("intro_video"."video_type" is null or "intro_video"."video_type" in ('video/mp4', 'video/webm'))
);
--> statement-breakpoint
INSERT INTO "intro_video" ("id") VALUES (1);
--> statement-breakpoint
INSERT INTO "store_pages" ("slug", "body") VALUES
('about', $md$Beat Market is an independent beat store run by producers, for artists.

Every beat here was made in our own studio: drums, bass, melodies and mix. You can listen to every beat before you buy, with a short voice tag that marks it as a preview. The files you buy carry no tag.

## What we offer

- **MP3 leases**: an affordable license to record and release your song on a beat.
- **Exclusives**: the beat becomes yours alone, with its stems, and leaves the store for good.
- **The VIP catalog**: one payment for every non-exclusive beat of the catalog, in MP3 and WAV.
- **Stems**: the separate tracks of a beat, for your engineer.

## Get in touch

Questions about a license, a custom beat or a collaboration? Write to [studio@beatmarket.test](mailto:studio@beatmarket.test). We answer within two working days.$md$),
('faq', $md$## What does a lease allow?

An **MP3 lease** lets you record a song on the beat and release it on streaming services, on video platforms and at live shows, and keep 100% of your royalties. The beat stays in the store: other artists may lease it too. Credit the producer as written in your license agreement.

## What does an exclusive allow?

An **exclusive** makes you the only buyer the beat will ever have: it leaves the store, and you receive the MP3, the WAV and the stems. Leases sold before your purchase stay valid.

## How do downloads work?

After paying, open **My Library**: every beat you own is there with its download buttons. Each download link is made for your account and lasts a few minutes; start it again whenever you need the files. Your license agreement (PDF) is in your purchase history.

## What is the VIP catalog?

One payment gives you every non-exclusive beat of the catalog in MP3 and WAV, with non-exclusive licenses and 100% of your royalties, including the beats added later.

## Which files do I get?

- **MP3 lease**: the MP3.
- **VIP catalog**: the MP3 and the WAV of every non-exclusive beat.
- **Stems**: the stems (a ZIP of the beat's separate tracks).
- **Exclusive**: the MP3, the WAV and the stems.

## Can I get a refund?

Yes, in the cases listed in our [Refund Policy](/pages/refund-policy).

## Who do I contact?

Write to [studio@beatmarket.test](mailto:studio@beatmarket.test).$md$),
('terms', $md$These terms apply to every purchase in Beat Market. By buying, you accept them.

## 1. Accounts

You need an account to buy. Keep your password to yourself: you are responsible for what is done with your account. You may close it at any time by writing to us.

## 2. Licenses

What you buy is a **license** to use a beat, not the beat's copyright, which stays with its producer, except where your exclusive license agreement says otherwise. The license agreement you receive with each purchase (PDF) states exactly what you may do; where it differs from these terms, the agreement wins.

- A lease is **non-exclusive**: the producer may license the same beat to others.
- An exclusive is granted to one buyer only; the beat is removed from the store once it is paid.
- You may not resell, share or upload the files themselves as a beat, sample pack or loop.

## 3. Prices and payment

Prices are in US dollars and are shown before you pay. Payments are handled by our payment provider; we never see or keep your card details.

## 4. Downloads

Your files stay available in your library. Download links are personal and expire after a few minutes; please do not share them.

## 5. Refunds

See the [Refund Policy](/pages/refund-policy).

## 6. Changes

We may update these terms; the version in force on the day of your purchase applies to it.

## 7. Contact

[studio@beatmarket.test](mailto:studio@beatmarket.test)$md$),
('privacy', $md$We keep only what the store needs to work, and we never sell it.

## What we keep, and why

- **Your account**: your name, username, e-mail address and, if you add one, a profile picture; your password is stored only as a salted hash. We need them to log you in and to send you what you bought.
- **Your purchases, cart and favourites**: to give you your downloads and license agreements, and to keep your cart between visits.
- **Plays**: when a preview has played for a while, we count it. For visitors we keep only a one-way code of the address, never the address itself.
- **Payments**: our payment provider handles your card; we receive only the fact that you paid and the amount.

## Cookies and local storage

We set no advertising or tracking cookies. Your browser's local storage keeps your login session (only while you stay logged in, or until you close the browser unless you chose "Remember me"), a visitor's cart, and your player settings. You can clear them at any time by logging out or clearing the site's data.

## How long

Account data is kept while your account exists. Purchase records are kept as long as the law requires for accounting.

## Your rights

You may ask for a copy of your data, for a correction, or for your account to be deleted.

## Contact

Write to [studio@beatmarket.test](mailto:studio@beatmarket.test).$md$),
('refund-policy', $md$Beats are digital goods: once the files are delivered, they cannot be returned. We still refund you in these cases.

## When we refund

- **The files were not delivered**: a download does not work and we cannot fix it for you.
- **A duplicate purchase**: you paid twice for the same license of the same beat.
- **An exclusive sold twice**: if two payments for one exclusive complete, the later one is refunded automatically.

Ask within **14 days** of the purchase, by writing to [studio@beatmarket.test](mailto:studio@beatmarket.test) with the e-mail address of your account and the beat's title. Refunds go back to the card you paid with.

## When we do not refund

- A lease or VIP catalog purchase whose files were delivered and work.
- **Exclusives are final once delivered**: the beat left the store for you, and no one else may buy it.

## Questions

See the [FAQ](/pages/faq) or write to us.$md$);
