import { fitWithin } from '@marketplace/domain/orders/feedback';

/**
 * requirements#uploads: an image is resized in the browser to at most 300 px on its longer side before it is
 * uploaded (smaller images keep their size). PNGs stay PNG (transparency); the rest become JPEG.
 */
export async function resizeImage(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('resize failed'))), type, 0.85),
    );
  } finally {
    bitmap.close();
  }
}
