/**
 * A picture in the rich-text editor's document: the article's picture block ({ src, alt, width,
 * height }), drawn as the picture with its description under it. A node of its own (a Lexical
 * DecoratorNode): nothing of it is markup the editor could change.
 */
import { DecoratorNode, type LexicalNode, type NodeKey, type SerializedLexicalNode, type Spread } from 'lexical';
import type { ReactNode } from 'react';
import type { ImageConfig } from '../../../schema/common';
import { editorImageAddress } from '../../model/contentApi';

type SerializedPicture = Spread<{ image: ImageConfig }, SerializedLexicalNode>;

export class PictureNode extends DecoratorNode<ReactNode> {
  __image: ImageConfig;

  static override getType(): string {
    return 'article-picture';
  }

  static override clone(node: PictureNode): PictureNode {
    return new PictureNode(node.__image, node.__key);
  }

  static override importJSON(json: SerializedPicture): PictureNode {
    return $createPictureNode(json.image);
  }

  constructor(image: ImageConfig, key?: NodeKey) {
    super(key);
    this.__image = image;
  }

  override exportJSON(): SerializedPicture {
    return { ...super.exportJSON(), type: 'article-picture', version: 1, image: this.__image };
  }

  getImage(): ImageConfig {
    return this.getLatest().__image;
  }

  override createDOM(): HTMLElement {
    const element = document.createElement('div');
    element.style.margin = '12px 0';
    return element;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }

  override decorate(): ReactNode {
    const { src, alt, width, height } = this.__image;
    return (
      <figure style={{ margin: 0 }}>
        {/* An upload is shown through the signed-in route (published or not). */}
        <img
          src={editorImageAddress(src)}
          alt={alt}
          width={width}
          height={height}
          style={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 8 }}
        />
        <figcaption style={{ fontSize: '0.875rem', color: '#475569', marginTop: 4 }}>{alt}</figcaption>
      </figure>
    );
  }
}

export function $createPictureNode(image: ImageConfig): PictureNode {
  return new PictureNode(image);
}

export function $isPictureNode(node: LexicalNode | null | undefined): node is PictureNode {
  return node instanceof PictureNode;
}
