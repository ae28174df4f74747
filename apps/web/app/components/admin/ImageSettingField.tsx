import { Box, Image, Input, Stack, TextInput } from "@mantine/core";
import { safeLink } from "@marquee/contracts/links";
import type { ImageSettingKey } from "@marquee/contracts/settings";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { AdminSetting } from "../../lib/admin-settings.ts";
import { ImageUploadSection } from "./ImageUploadSection.tsx";
import type { SettingsForm } from "./MenuEditor.tsx";
import type { FieldSpec } from "./setting-specs.ts";

type ImageSpec = Extract<FieldSpec, { kind: "image" }>;

/** What the file picker offers: what the API takes (it reads the bytes; SVG is drawn to pixels there). */
export const PICTURE_ACCEPT = "image/png,image/svg+xml,image/jpeg,image/webp,image/gif";

const previewSize: Record<ImageSpec["shape"], { w: number; h: number }> = {
  logo: { w: 64, h: 64 },
  square: { w: 48, h: 48 },
  wide: { w: 160, h: 90 },
};

/**
 * A picture setting (logo, favicon, login page image): the current picture, an upload button, and the URL it is
 * stored at, which may also be typed (a picture hosted elsewhere, or the default's path). An upload is saved at
 * once; `onUploaded` gets the URL the setting now holds.
 */
export function ImageSettingField({
  settingKey,
  spec,
  form,
  onUploaded,
}: {
  settingKey: ImageSettingKey;
  spec: ImageSpec;
  form: SettingsForm;
  onUploaded?: (key: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const value = form.values[settingKey];
  const label = t(spec.label);
  const src = safeLink(typeof value === "string" ? value : "", spec.placeholder);
  const size = previewSize[spec.shape];
  return (
    <Stack gap="xs" data-testid={`image-setting-${settingKey}`}>
      <div>
        <Input.Label size="md" labelElement="div">
          {label}
        </Input.Label>
        {spec.description && <Input.Description size="md">{t(spec.description)}</Input.Description>}
      </div>
      <ImageUploadSection<AdminSetting>
        label={t("{{label}} upload", { label })}
        heading={null}
        kind="picture"
        accept={PICTURE_ACCEPT}
        preview={
          <Box className="marquee-image-setting-preview" p={8} w="fit-content">
            <Image
              src={src}
              alt={t("Current {{label}}", { label: label.toLowerCase() })}
              w={size.w}
              h={size.h}
              fit="contain"
            />
          </Box>
        }
        hasImage={!!value}
        path={`/admin/settings/${settingKey}/upload`}
        testId={`setting-upload-${settingKey}`}
        onUploaded={(row) => onUploaded?.(settingKey, row.value)}
      />
      <TextInput
        id={`${settingKey}-url`}
        label={t("Or its address")}
        description={t("A path on this site or an https address. Empty: the default picture.")}
        placeholder={spec.placeholder}
        {...form.getInputProps(settingKey)}
      />
    </Stack>
  );
}
