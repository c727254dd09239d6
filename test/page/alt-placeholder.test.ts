import { describe, expect, it } from 'vitest';
import { isDeviceFileName, isRepeated, placeholderReason, repeatedAlts } from '@/lib/page/alt-placeholder';
import { isFileName } from '@/lib/page/caption-text';

describe('placeholder alt texts', () => {
  it.each([
    ['Slug', 'generic'],
    ['photo', 'generic'],
    ['Image', 'generic'],
    ['[Image]', 'generic'],
    ['Featured image', 'generic'],
    ['Bild', 'generic'],
    ['Platzhalter', 'generic'],
    ['Symbolbild', 'generic'],
    ['Sans titre', 'generic'],
    ['Imagen destacada', 'generic'],
    ['Immagine', 'generic'],
    ['Imagem', 'generic'],
    ['صورة', 'generic'],
    ['चित्र', 'generic'],
    ['Зображення', 'generic'],
    ['画像', 'generic'],
    ['Image 1', 'numbered'],
    ['image-02', 'numbered'],
    ['Foto #3', 'numbered'],
    ['Bild (4)', 'numbered'],
    ['Фото 12', 'numbered'],
    ['7', 'numbered'],
    ['#2', 'numbered'],
    ['1/6', 'numbered'],
  ] as const)('"%s" is a placeholder (%s)', (alt, reason) => {
    expect(placeholderReason(alt)).toBe(reason);
  });

  it.each(['A red kite over the harbour', 'Photo of a kite over the harbour', 'Image 1 of the Mars rover on the crater rim', 'Bilder einer Ausstellung', 'Apollo 11'])(
    '"%s" may describe its picture',
    (alt) => {
      expect(placeholderReason(alt)).toBeNull();
    },
  );

  it('camera and CMS file names and slugs are file names (their own finding)', () => {
    for (const alt of ['IMG_1234.JPG', 'DSC01234', 'PXL_20230101_101010', '0225-lupita-nyongo-getty-01', 'IMG_2041']) expect(isFileName(alt), alt).toBe(true);
  });

  it('a device\'s name for the picture, spaces and date included, is a file name too; a sentence with a date is not', () => {
    for (const alt of ['Screenshot 2021-03-04 at 10.22.11', 'Screen Shot 2020-01-02 at 9.41.00 AM', 'WhatsApp Image 2021-05-06 at 12.00.01', 'Bildschirmfoto 2021-11-02 um 14.03.22', 'Capture d’écran 2022-01-19 à 10.11.12', 'Captura de pantalla 2023-02-01 101010', 'Photo 2019-08-07 12 30 00'])
      expect(isDeviceFileName(alt), alt).toBe(true);
    for (const alt of ['Screenshot of the settings page in 2021', 'Photo of the 2021-22 squad', 'A screenshot 2021 style']) expect(isDeviceFileName(alt), alt).toBe(false);
  });

  it('the same alt on three or more different pictures is repeated; on two, or on one picture shown thrice, it is not', () => {
    const shots = (alt: string, urls: string[]) => urls.map((imageUrl) => ({ alt, imageUrl }));
    const repeated = repeatedAlts([
      ...shots('Courtesy of Zillow', ['a.jpg', 'b.jpg', 'c.jpg']),
      ...shots('A kitchen with an island', ['d.jpg', 'e.jpg']),
      ...shots('The lead photo', ['f.jpg', 'f.jpg', 'f.jpg']),
    ]);
    expect(isRepeated('courtesy of Zillow.', repeated)).toBe(true);
    expect(isRepeated('A kitchen with an island', repeated)).toBe(false);
    expect(isRepeated('The lead photo', repeated)).toBe(false);
  });
});
