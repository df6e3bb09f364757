import { expertiseIcons, expertiseSizes, type ExpertiseIcon, type ExpertiseSize } from "~/lib/enums";
import { z } from "~/lib/zod";

/** back-office.md §3: the eight icons and their French names. */
export const expertiseIconLabels: Record<ExpertiseIcon, string> = {
  Home: "Maison",
  Zap: "Éclair",
  Wrench: "Outil",
  Sun: "Soleil",
  ShieldCheck: "Sécurité",
  Plug: "Prise",
  Building: "Bâtiment",
  Factory: "Usine",
};

export const expertiseSizeLabels: Record<ExpertiseSize, string> = {
  small: "Petit",
  medium: "Moyen",
  large: "Grand",
};

/** §3 backgrounds, the default first; `swatch` is the colour the picker shows. */
export const expertiseBackgrounds = [
  { value: "bg-card", label: "Gris", swatch: "bg-card" },
  { value: "bg-betic-red", label: "Rouge", swatch: "bg-betic-red" },
  { value: "bg-blue-600", label: "Bleu", swatch: "bg-blue-600" },
  { value: "bg-green-600", label: "Vert", swatch: "bg-green-600" },
  { value: "bg-yellow-600", label: "Jaune", swatch: "bg-yellow-600" },
  { value: "bg-purple-600", label: "Violet", swatch: "bg-purple-600" },
] as const;

export const expertiseTextColors = [
  { value: "text-foreground", label: "Par défaut", swatch: "bg-foreground" },
  { value: "text-white", label: "Blanc", swatch: "bg-white" },
  { value: "text-black", label: "Noir", swatch: "bg-black" },
] as const;

const REQUIRED = "Veuillez remplir tous les champs obligatoires";

const backgroundValues = expertiseBackgrounds.map((option) => option.value) as [string, ...string[]];
const textValues = expertiseTextColors.map((option) => option.value) as [string, ...string[]];

/** §5 "Expertise": the add and edit dialogs' rules, shared by the browser and the server. */
export const expertiseFormSchema = z
  .object({
    title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Le titre est trop long"),
    description: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(2000, "La description est trop longue"),
    iconName: z.enum(expertiseIcons).catch("Home"),
    // §5: a size outside small, medium, large falls back to medium.
    size: z.enum(expertiseSizes).catch("medium"),
    backgroundColor: z.enum(backgroundValues).catch("bg-card"),
    textColor: z.enum(textValues).catch("text-foreground"),
    isFeatured: z.boolean().default(false),
    imageUrl: z.string().trim().optional(),
    useCustomIcon: z.boolean().default(false),
    customIconUrl: z.string().trim().optional(),
  })
  // §5: without the custom-icon toggle, custom_icon_url is stored as null.
  .transform(({ useCustomIcon, customIconUrl, ...values }) => ({
    ...values,
    imageUrl: values.imageUrl || null,
    customIconUrl: useCustomIcon && customIconUrl ? customIconUrl : null,
  }));

export type ExpertiseFormValues = z.output<typeof expertiseFormSchema>;

/** §8 "Expertise". */
export const expertiseMessages = {
  loadFailed: "Impossible de charger les pôles d'expertise",
  createFailed: (message: string) => `Impossible de créer le bloc d'expertise: ${message}`,
  updateFailed: (message: string) => `Impossible de mettre à jour le bloc d'expertise: ${message}`,
  deleteFailed: (message: string) => `Impossible de supprimer le bloc d'expertise: ${message}`,
  reorderFailed: "Impossible de mettre à jour l'ordre des blocs d'expertise",
  iconUploadFailed: "Erreur de téléchargement",
} as const;
