/** PUT /api/admin/intro-video (multipart: the video, its poster, optional WebVTT captions): the /vip intro video. */
import { introVideoFields, type IntroVideo } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { introVideoKey } from '../../store-pages';
import { useAdminMutation } from './admin-queries';

export interface IntroVideoFiles {
  video: File;
  poster: File;
  captions: File | null;
}

export function uploadIntroVideo(files: IntroVideoFiles): Promise<IntroVideo> {
  const form = new FormData();
  form.append(introVideoFields.video, files.video, files.video.name);
  form.append(introVideoFields.poster, files.poster, files.poster.name);
  if (files.captions) form.append(introVideoFields.captions, files.captions, files.captions.name);
  return api<IntroVideo>('/api/admin/intro-video', { method: 'PUT', body: form });
}

export function useUploadIntroVideo() {
  return useAdminMutation(uploadIntroVideo, { keep: (queryClient, video) => queryClient.setQueryData(introVideoKey, video) });
}
