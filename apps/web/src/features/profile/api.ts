import type { ChangePassword, ProfileUpdate, User } from '@quayside/contract';
import { useMutation } from '@tanstack/react-query';
import { refreshUser } from '@/features/auth/session';
import { uploadFile } from '@/shared/files';
import { post } from '@/shared/request';

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileUpdate) => post<User>('/profile/update/', body, { quiet: true }),
    onSuccess: () => refreshUser(),
  });
}

/** Upload a picture and make it the avatar. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) => {
      const info = await uploadFile(file);
      return post<User>('/profile/update/', { avatar_file_id: info.id });
    },
    onSuccess: () => refreshUser(),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) => post<null>('/profile/change_password/', body, { quiet: true }),
    onSuccess: () => refreshUser(),
  });
}
