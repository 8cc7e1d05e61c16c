var zo=Object.defineProperty;var vh=Object.getOwnPropertyDescriptor;var Io=t=>e=>{var n=t[e];if(n)return n();throw new Error("Module not found in bundle: "+e)};var b=(t,e,n)=>()=>{if(n)throw n[0];try{return t&&(e=t(t=0)),e}catch(i){throw n=[i],i}};var Lo=(t,e)=>{for(var n in e)zo(t,n,{get:e[n],enumerable:!0})};var w=(t,e,n,i)=>{for(var r=i>1?void 0:i?vh(e,n):e,s=t.length-1,o;s>=0;s--)(o=t[s])&&(r=(i?o(e,n,r):o(r))||r);return i&&r&&zo(e,n,r),r};var qn,Bn,_r,Do,Ye,Un,D,Fo,yr,br=b(()=>{qn=globalThis,Bn=qn.ShadowRoot&&(qn.ShadyCSS===void 0||qn.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,_r=Symbol(),Do=new WeakMap,Ye=class{constructor(e,n,i){if(this._$cssResult$=!0,i!==_r)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=n}get styleSheet(){let e=this.o,n=this.t;if(Bn&&e===void 0){let i=n!==void 0&&n.length===1;i&&(e=Do.get(n)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),i&&Do.set(n,e))}return e}toString(){return this.cssText}},Un=t=>new Ye(typeof t=="string"?t:t+"",void 0,_r),D=(t,...e)=>{let n=t.length===1?t[0]:e.reduce((i,r,s)=>i+(o=>{if(o._$cssResult$===!0)return o.cssText;if(typeof o=="number")return o;throw Error("Value passed to 'css' function must be a 'css' function result: "+o+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+t[s+1],t[0]);return new Ye(n,t,_r)},Fo=(t,e)=>{if(Bn)t.adoptedStyleSheets=e.map(n=>n instanceof CSSStyleSheet?n:n.styleSheet);else for(let n of e){let i=document.createElement("style"),r=qn.litNonce;r!==void 0&&i.setAttribute("nonce",r),i.textContent=n.cssText,t.appendChild(i)}},yr=Bn?t=>t:t=>t instanceof CSSStyleSheet?(e=>{let n="";for(let i of e.cssRules)n+=i.cssText;return Un(n)})(t):t});var wh,xh,$h,Sh,Mh,Eh,jn,Ho,kh,Rh,Ge,Qe,Wn,Vo,Et,Ze=b(()=>{br();br();({is:wh,defineProperty:xh,getOwnPropertyDescriptor:$h,getOwnPropertyNames:Sh,getOwnPropertySymbols:Mh,getPrototypeOf:Eh}=Object),jn=globalThis,Ho=jn.trustedTypes,kh=Ho?Ho.emptyScript:"",Rh=jn.reactiveElementPolyfillSupport,Ge=(t,e)=>t,Qe={toAttribute(t,e){switch(e){case Boolean:t=t?kh:null;break;case Object:case Array:t=t==null?t:JSON.stringify(t)}return t},fromAttribute(t,e){let n=t;switch(e){case Boolean:n=t!==null;break;case Number:n=t===null?null:Number(t);break;case Object:case Array:try{n=JSON.parse(t)}catch{n=null}}return n}},Wn=(t,e)=>!wh(t,e),Vo={attribute:!0,type:String,converter:Qe,reflect:!1,useDefault:!1,hasChanged:Wn};Symbol.metadata??=Symbol("metadata"),jn.litPropertyMetadata??=new WeakMap;Et=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,n=Vo){if(n.state&&(n.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((n=Object.create(n)).wrapped=!0),this.elementProperties.set(e,n),!n.noAccessor){let i=Symbol(),r=this.getPropertyDescriptor(e,i,n);r!==void 0&&xh(this.prototype,e,r)}}static getPropertyDescriptor(e,n,i){let{get:r,set:s}=$h(this.prototype,e)??{get(){return this[n]},set(o){this[n]=o}};return{get:r,set(o){let a=r?.call(this);s?.call(this,o),this.requestUpdate(e,a,i)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??Vo}static _$Ei(){if(this.hasOwnProperty(Ge("elementProperties")))return;let e=Eh(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(Ge("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(Ge("properties"))){let n=this.properties,i=[...Sh(n),...Mh(n)];for(let r of i)this.createProperty(r,n[r])}let e=this[Symbol.metadata];if(e!==null){let n=litPropertyMetadata.get(e);if(n!==void 0)for(let[i,r]of n)this.elementProperties.set(i,r)}this._$Eh=new Map;for(let[n,i]of this.elementProperties){let r=this._$Eu(n,i);r!==void 0&&this._$Eh.set(r,n)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let n=[];if(Array.isArray(e)){let i=new Set(e.flat(1/0).reverse());for(let r of i)n.unshift(yr(r))}else e!==void 0&&n.push(yr(e));return n}static _$Eu(e,n){let i=n.attribute;return i===!1?void 0:typeof i=="string"?i:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,n=this.constructor.elementProperties;for(let i of n.keys())this.hasOwnProperty(i)&&(e.set(i,this[i]),delete this[i]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Fo(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,n,i){this._$AK(e,i)}_$ET(e,n){let i=this.constructor.elementProperties.get(e),r=this.constructor._$Eu(e,i);if(r!==void 0&&i.reflect===!0){let s=(i.converter?.toAttribute!==void 0?i.converter:Qe).toAttribute(n,i.type);this._$Em=e,s==null?this.removeAttribute(r):this.setAttribute(r,s),this._$Em=null}}_$AK(e,n){let i=this.constructor,r=i._$Eh.get(e);if(r!==void 0&&this._$Em!==r){let s=i.getPropertyOptions(r),o=typeof s.converter=="function"?{fromAttribute:s.converter}:s.converter?.fromAttribute!==void 0?s.converter:Qe;this._$Em=r;let a=o.fromAttribute(n,s.type);this[r]=a??this._$Ej?.get(r)??a,this._$Em=null}}requestUpdate(e,n,i,r=!1,s){if(e!==void 0){let o=this.constructor;if(r===!1&&(s=this[e]),i??=o.getPropertyOptions(e),!((i.hasChanged??Wn)(s,n)||i.useDefault&&i.reflect&&s===this._$Ej?.get(e)&&!this.hasAttribute(o._$Eu(e,i))))return;this.C(e,n,i)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,n,{useDefault:i,reflect:r,wrapped:s},o){i&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,o??n??this[e]),s!==!0||o!==void 0)||(this._$AL.has(e)||(this.hasUpdated||i||(n=void 0),this._$AL.set(e,n)),r===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(n){Promise.reject(n)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,s]of this._$Ep)this[r]=s;this._$Ep=void 0}let i=this.constructor.elementProperties;if(i.size>0)for(let[r,s]of i){let{wrapped:o}=s,a=this[r];o!==!0||this._$AL.has(r)||a===void 0||this.C(r,void 0,s,a)}}let e=!1,n=this._$AL;try{e=this.shouldUpdate(n),e?(this.willUpdate(n),this._$EO?.forEach(i=>i.hostUpdate?.()),this.update(n)):this._$EM()}catch(i){throw e=!1,this._$EM(),i}e&&this._$AE(n)}willUpdate(e){}_$AE(e){this._$EO?.forEach(n=>n.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(n=>this._$ET(n,this[n])),this._$EM()}updated(e){}firstUpdated(e){}};Et.elementStyles=[],Et.shadowRootOptions={mode:"open"},Et[Ge("elementProperties")]=new Map,Et[Ge("finalized")]=new Map,Rh?.({ReactiveElement:Et}),(jn.reactiveElementVersions??=[]).push("2.1.2")});function Qo(t,e){if(!Sr(t)||!t.hasOwnProperty("raw"))throw Error("invalid template strings array");return Bo!==void 0?Bo.createHTML(e):e}function Zt(t,e,n=t,i){if(e===ut)return e;let r=i!==void 0?n._$Co?.[i]:n._$Cl,s=en(e)?void 0:e._$litDirective$;return r?.constructor!==s&&(r?._$AO?.(!1),s===void 0?r=void 0:(r=new s(t),r._$AT(t,n,i)),i!==void 0?(n._$Co??=[])[i]=r:n._$Cl=r),r!==void 0&&(e=Zt(t,r._$AS(t,e.values),r,i)),e}var wr,qo,Kn,Bo,xr,kt,$r,Ch,Qt,tn,en,Sr,Yo,vr,Je,Uo,jo,Yt,Wo,Ko,Go,Mr,m,ct,l_,ut,x,Xo,Gt,Zo,nn,Xn,_e,Jt,Yn,Gn,Qn,Zn,Jo,Th,ta,Ft=b(()=>{wr=globalThis,qo=t=>t,Kn=wr.trustedTypes,Bo=Kn?Kn.createPolicy("lit-html",{createHTML:t=>t}):void 0,xr="$lit$",kt=`lit$${Math.random().toFixed(9).slice(2)}$`,$r="?"+kt,Ch=`<${$r}>`,Qt=document,tn=()=>Qt.createComment(""),en=t=>t===null||typeof t!="object"&&typeof t!="function",Sr=Array.isArray,Yo=t=>Sr(t)||typeof t?.[Symbol.iterator]=="function",vr=`[ 	
\f\r]`,Je=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Uo=/-->/g,jo=/>/g,Yt=RegExp(`>|${vr}(?:([^\\s"'>=/]+)(${vr}*=${vr}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Wo=/'/g,Ko=/"/g,Go=/^(?:script|style|textarea|title)$/i,Mr=t=>(e,...n)=>({_$litType$:t,strings:e,values:n}),m=Mr(1),ct=Mr(2),l_=Mr(3),ut=Symbol.for("lit-noChange"),x=Symbol.for("lit-nothing"),Xo=new WeakMap,Gt=Qt.createTreeWalker(Qt,129);Zo=(t,e)=>{let n=t.length-1,i=[],r,s=e===2?"<svg>":e===3?"<math>":"",o=Je;for(let a=0;a<n;a++){let l=t[a],u,h,c=-1,f=0;for(;f<l.length&&(o.lastIndex=f,h=o.exec(l),h!==null);)f=o.lastIndex,o===Je?h[1]==="!--"?o=Uo:h[1]!==void 0?o=jo:h[2]!==void 0?(Go.test(h[2])&&(r=RegExp("</"+h[2],"g")),o=Yt):h[3]!==void 0&&(o=Yt):o===Yt?h[0]===">"?(o=r??Je,c=-1):h[1]===void 0?c=-2:(c=o.lastIndex-h[2].length,u=h[1],o=h[3]===void 0?Yt:h[3]==='"'?Ko:Wo):o===Ko||o===Wo?o=Yt:o===Uo||o===jo?o=Je:(o=Yt,r=void 0);let d=o===Yt&&t[a+1].startsWith("/>")?" ":"";s+=o===Je?l+Ch:c>=0?(i.push(u),l.slice(0,c)+xr+l.slice(c)+kt+d):l+kt+(c===-2?a:d)}return[Qo(t,s+(t[n]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),i]},nn=class t{constructor({strings:e,_$litType$:n},i){let r;this.parts=[];let s=0,o=0,a=e.length-1,l=this.parts,[u,h]=Zo(e,n);if(this.el=t.createElement(u,i),Gt.currentNode=this.el.content,n===2||n===3){let c=this.el.content.firstChild;c.replaceWith(...c.childNodes)}for(;(r=Gt.nextNode())!==null&&l.length<a;){if(r.nodeType===1){if(r.hasAttributes())for(let c of r.getAttributeNames())if(c.endsWith(xr)){let f=h[o++],d=r.getAttribute(c).split(kt),g=/([.?@])?(.*)/.exec(f);l.push({type:1,index:s,name:g[2],strings:d,ctor:g[1]==="."?Yn:g[1]==="?"?Gn:g[1]==="@"?Qn:Jt}),r.removeAttribute(c)}else c.startsWith(kt)&&(l.push({type:6,index:s}),r.removeAttribute(c));if(Go.test(r.tagName)){let c=r.textContent.split(kt),f=c.length-1;if(f>0){r.textContent=Kn?Kn.emptyScript:"";for(let d=0;d<f;d++)r.append(c[d],tn()),Gt.nextNode(),l.push({type:2,index:++s});r.append(c[f],tn())}}}else if(r.nodeType===8)if(r.data===$r)l.push({type:2,index:s});else{let c=-1;for(;(c=r.data.indexOf(kt,c+1))!==-1;)l.push({type:7,index:s}),c+=kt.length-1}s++}}static createElement(e,n){let i=Qt.createElement("template");return i.innerHTML=e,i}};Xn=class{constructor(e,n){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=n}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:n},parts:i}=this._$AD,r=(e?.creationScope??Qt).importNode(n,!0);Gt.currentNode=r;let s=Gt.nextNode(),o=0,a=0,l=i[0];for(;l!==void 0;){if(o===l.index){let u;l.type===2?u=new _e(s,s.nextSibling,this,e):l.type===1?u=new l.ctor(s,l.name,l.strings,this,e):l.type===6&&(u=new Zn(s,this,e)),this._$AV.push(u),l=i[++a]}o!==l?.index&&(s=Gt.nextNode(),o++)}return Gt.currentNode=Qt,r}p(e){let n=0;for(let i of this._$AV)i!==void 0&&(i.strings!==void 0?(i._$AI(e,i,n),n+=i.strings.length-2):i._$AI(e[n])),n++}},_e=class t{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,n,i,r){this.type=2,this._$AH=x,this._$AN=void 0,this._$AA=e,this._$AB=n,this._$AM=i,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,n=this._$AM;return n!==void 0&&e?.nodeType===11&&(e=n.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,n=this){e=Zt(this,e,n),en(e)?e===x||e==null||e===""?(this._$AH!==x&&this._$AR(),this._$AH=x):e!==this._$AH&&e!==ut&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):Yo(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==x&&en(this._$AH)?this._$AA.nextSibling.data=e:this.T(Qt.createTextNode(e)),this._$AH=e}$(e){let{values:n,_$litType$:i}=e,r=typeof i=="number"?this._$AC(e):(i.el===void 0&&(i.el=nn.createElement(Qo(i.h,i.h[0]),this.options)),i);if(this._$AH?._$AD===r)this._$AH.p(n);else{let s=new Xn(r,this),o=s.u(this.options);s.p(n),this.T(o),this._$AH=s}}_$AC(e){let n=Xo.get(e.strings);return n===void 0&&Xo.set(e.strings,n=new nn(e)),n}k(e){Sr(this._$AH)||(this._$AH=[],this._$AR());let n=this._$AH,i,r=0;for(let s of e)r===n.length?n.push(i=new t(this.O(tn()),this.O(tn()),this,this.options)):i=n[r],i._$AI(s),r++;r<n.length&&(this._$AR(i&&i._$AB.nextSibling,r),n.length=r)}_$AR(e=this._$AA.nextSibling,n){for(this._$AP?.(!1,!0,n);e!==this._$AB;){let i=qo(e).nextSibling;qo(e).remove(),e=i}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},Jt=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,n,i,r,s){this.type=1,this._$AH=x,this._$AN=void 0,this.element=e,this.name=n,this._$AM=r,this.options=s,i.length>2||i[0]!==""||i[1]!==""?(this._$AH=Array(i.length-1).fill(new String),this.strings=i):this._$AH=x}_$AI(e,n=this,i,r){let s=this.strings,o=!1;if(s===void 0)e=Zt(this,e,n,0),o=!en(e)||e!==this._$AH&&e!==ut,o&&(this._$AH=e);else{let a=e,l,u;for(e=s[0],l=0;l<s.length-1;l++)u=Zt(this,a[i+l],n,l),u===ut&&(u=this._$AH[l]),o||=!en(u)||u!==this._$AH[l],u===x?e=x:e!==x&&(e+=(u??"")+s[l+1]),this._$AH[l]=u}o&&!r&&this.j(e)}j(e){e===x?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},Yn=class extends Jt{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===x?void 0:e}},Gn=class extends Jt{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==x)}},Qn=class extends Jt{constructor(e,n,i,r,s){super(e,n,i,r,s),this.type=5}_$AI(e,n=this){if((e=Zt(this,e,n,0)??x)===ut)return;let i=this._$AH,r=e===x&&i!==x||e.capture!==i.capture||e.once!==i.once||e.passive!==i.passive,s=e!==x&&(i===x||r);r&&this.element.removeEventListener(this.name,this,i),s&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},Zn=class{constructor(e,n,i){this.element=e,this.type=6,this._$AN=void 0,this._$AM=n,this.options=i}get _$AU(){return this._$AM._$AU}_$AI(e){Zt(this,e)}},Jo={M:xr,P:kt,A:$r,C:1,L:Zo,R:Xn,D:Yo,V:Zt,I:_e,H:Jt,N:Gn,U:Qn,B:Yn,F:Zn},Th=wr.litHtmlPolyfillSupport;Th?.(nn,_e),(wr.litHtmlVersions??=[]).push("3.3.3");ta=(t,e,n)=>{let i=n?.renderBefore??e,r=i._$litPart$;if(r===void 0){let s=n?.renderBefore??null;i._$litPart$=r=new _e(e.insertBefore(tn(),s),s,void 0,n??{})}return r._$AI(t),r}});var Er,L,Ah,ea=b(()=>{Ze();Ze();Ft();Ft();Er=globalThis,L=class extends Et{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let n=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=ta(n,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return ut}};L._$litElement$=!0,L.finalized=!0,Er.litElementHydrateSupport?.({LitElement:L});Ah=Er.litElementPolyfillSupport;Ah?.({LitElement:L});(Er.litElementVersions??=[]).push("4.2.2")});var na=b(()=>{});var G=b(()=>{Ze();Ft();ea();na()});var Q,ia=b(()=>{Q=t=>(e,n)=>{n!==void 0?n.addInitializer(()=>{customElements.define(t,e)}):customElements.define(t,e)}});function M(t){return(e,n)=>typeof n=="object"?Oh(t,e,n):((i,r,s)=>{let o=r.hasOwnProperty(s);return r.constructor.createProperty(s,i),o?Object.getOwnPropertyDescriptor(r,s):void 0})(t,e,n)}var Ph,Oh,Jn=b(()=>{Ze();Ph={attribute:!0,type:String,converter:Qe,reflect:!1,hasChanged:Wn},Oh=(t=Ph,e,n)=>{let{kind:i,metadata:r}=n,s=globalThis.litPropertyMetadata.get(r);if(s===void 0&&globalThis.litPropertyMetadata.set(r,s=new Map),i==="setter"&&((t=Object.create(t)).wrapped=!0),s.set(n.name,t),i==="accessor"){let{name:o}=n;return{set(a){let l=e.get.call(this);e.set.call(this,a),this.requestUpdate(o,l,t,!0,a)},init(a){return a!==void 0&&this.C(o,void 0,t,a),a}}}if(i==="setter"){let{name:o}=n;return function(a){let l=this[o];e.call(this,a),this.requestUpdate(o,l,t,!0,a)}}throw Error("Unsupported decorator location: "+i)}});function H(t){return M({...t,state:!0,attribute:!1})}var ra=b(()=>{Jn();});var sa=b(()=>{});var ye=b(()=>{});var oa=b(()=>{ye();});var aa=b(()=>{ye();});var la=b(()=>{ye();});var ua=b(()=>{ye();});var ca=b(()=>{ye();});var vt=b(()=>{ia();Jn();ra();sa();oa();aa();la();ua();ca()});function ni(t){let e=n=>{if(n.key!=="ArrowLeft"&&n.key!=="ArrowRight")return;let i=t.tabs.findIndex(s=>s.id===t.selected),r=t.tabs[(i+(n.key==="ArrowRight"?1:-1)+t.tabs.length)%t.tabs.length];r&&(t.onSelect(r.id),t.host.updateComplete.then(()=>t.host.renderRoot.querySelector(`[data-testid="${t.testidPrefix}${r.id}"]`)?.focus()))};return m`<div class="tabs ${t.className??""}" role="tablist" aria-label=${t.label} data-testid=${t.testid??""} @keydown=${e}>
    ${t.tabs.map(n=>m`<button
        type="button"
        role="tab"
        data-testid=${`${t.testidPrefix}${n.id}`}
        aria-selected=${n.id===t.selected}
        tabindex=${n.id===t.selected?0:-1}
        @click=${()=>t.onSelect(n.id)}
      >
        ${n.title}
      </button>`)}
  </div>`}var ei,kr=b(()=>{"use strict";G();ei=D`
  .tabs {
    display: flex;
    gap: 2px;
    border-bottom: 1px solid var(--border);
  }
  .tabs button {
    border: none;
    border-bottom: 2px solid transparent;
    border-radius: 0;
    background: transparent;
    padding: 6px 12px;
    font-weight: 600;
    color: var(--muted);
  }
  .tabs button[aria-selected="true"] {
    color: var(--accent);
    border-bottom-color: var(--accent);
  }
`});var Z,wt=b(()=>{"use strict";G();Z=D`
  :host {
    display: block;
    --fg: #1f1f1f;
    --muted: #5f6368;
    --border: #dadce0;
    --panel: #ffffff;
    --bg: #f5f6f7;
    --accent: #0072b2;
    --focus: #0072b2;
    --danger: #a4262c;
    --hover: #fff4d6;
    --selected: #e8f1f8;
    color: var(--fg);
    font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    box-sizing: border-box;
  }
  * {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--focus);
    outline-offset: 2px;
  }
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  button {
    border: 1px solid var(--border);
    background: #fff;
    border-radius: 4px;
    padding: 3px 8px;
    cursor: pointer;
  }
  button:hover {
    background: #f1f3f4;
  }
  button[disabled] {
    cursor: default;
    opacity: 0.5;
  }
  select,
  input[type="text"],
  input[type="search"],
  input[type="number"] {
    border: 1px solid var(--border);
    border-radius: 4px;
    padding: 3px 6px;
    background: #fff;
    min-width: 0;
  }
  a {
    color: var(--accent);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .error {
    color: var(--danger);
    background: #fdecea;
    border: 1px solid #f5c2c0;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .notice {
    background: #fff8e1;
    border: 1px solid #f0d58c;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
  }
  .loading {
    color: var(--muted);
    font-style: italic;
  }
  h2 {
    font-size: 12px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--muted);
    margin: 0 0 6px;
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 10px;
  }
`});function Nh(t){return typeof t=="object"&&t!==null&&typeof t.error=="string"}async function zh(t){let e=null,n="";try{n=await t.text(),e=n?JSON.parse(n):null}catch{e=null}if(!t.ok){if(Nh(e))throw new gt(t.status,e.error,e);let i=n&&n.length<200&&!n.trimStart().startsWith("<")?`: ${n.trim()}`:"";throw new gt(t.status,`request failed with HTTP ${t.status}${i}`)}if(e===null)throw new gt(t.status,"the server answered with something that is not JSON");return e}function Rr(t){return t instanceof DOMException&&t.name==="AbortError"}function ha(t=(e,n)=>fetch(e,n)){async function e(n,i){let r;try{r=await t(n,i)}catch(s){throw Rr(s)?s:new gt(0,`cannot reach TensorBoard (${s instanceof Error?s.message:String(s)})`)}return zh(r)}return{get:(n,i)=>e(n,{headers:{Accept:"application/json"},...i?{signal:i}:{}}),post:(n,i)=>e(n,{method:"POST",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify(i)})}}function pt(t){return t instanceof gt||t instanceof Error?t.message:String(t)}var gt,te=b(()=>{"use strict";gt=class extends Error{constructor(n,i,r=null){super(i);this.status=n;this.body=r;this.name="ApiError"}}});function xt(t,e=3){if(t==null||!Number.isFinite(t))return"—";let n=Math.abs(t);if(n!==0&&(n<10**-e||n>=1e6))return t.toExponential(2);let i=t.toFixed(e);return/^-0\.0*$/.test(i)?i.slice(1):i}function ee(t,e=3){let n=xt(t,e);return t!=null&&t>0&&n!=="—"?`+${n}`:n}function j(t){return t==null||!Number.isFinite(t)?"—":Ih.format(t)}function Rt(t,e){return t===null?"":e===null?t:e==="rest"?`${t} vs. the rest`:`${t} vs. ${e}`}function ii(t,e){if(t===null)return"";let n=t===1?"label":"labels";return e===null?`${j(t)} ${n}`:`${j(t)} of ${j(e)} ${n}`}var Ih,be=b(()=>{"use strict";Ih=new Intl.NumberFormat("en-US",{maximumFractionDigits:0})});var ne,Cr=b(()=>{"use strict";te();ne=class{constructor(e){this.controller=null;e?.addController(this)}hostDisconnected(){this.abort()}get pending(){return this.controller!==null}abort(){this.controller?.abort(),this.controller=null}run(e,n,i){this.controller?.abort();let r=new AbortController;this.controller=r;let s=()=>this.controller===r&&!r.signal.aborted;e(r.signal).then(o=>{s()&&(this.controller=null,n(o))},o=>{!s()||Rr(o)||(this.controller=null,i(o))})}}});function Dh(t){let e=t;return typeof e=="object"&&e!==null&&typeof e.measure=="string"&&typeof e.title=="string"&&typeof e.element=="string"&&e.element.includes("-")&&(e.hashPrefix===void 0||typeof e.hashPrefix=="string")}async function fa(t,e){return(await Promise.all(t.map(async i=>{if(!Lh.test(i))return null;try{let s=(await e(i))?.view;return Dh(s)&&s.measure===i?s:null}catch{return null}}))).filter(i=>i!==null)}function da(t){return t.hashPrefix??`${t.measure}.`}var ri,Lh,Tr=b(()=>{"use strict";ri="tb-bias-reload",Lh=/^[a-z][a-z0-9_]*$/});function pa(t){return t===null?"":String(t)}function rn(t){return`${t.column}:${pa(t.low)}:${pa(t.high)}`}function ma(t){if(t==="")return null;let e=Number(t);return Number.isFinite(e)?e:void 0}function ga(t){let e=t.lastIndexOf(":"),n=e>0?t.lastIndexOf(":",e-1):-1;if(n<=0)return null;let i=ma(t.slice(n+1,e)),r=ma(t.slice(e+1));return i===void 0||r===void 0||i!==null&&r!==null&&i>r?null:{column:t.slice(0,n),low:i,high:r}}function si(t,e,n){let i=t.findIndex(r=>r.column===e.column);return i>=0?t.map((r,s)=>s===i?e:r):t.length>=n?[...t]:[...t,e]}function _a(t,e){return t.filter(n=>n.column!==e)}function Ar(t){let e=t.trim();if(e==="")return null;let n=Number(e);return Number.isFinite(n)?n:void 0}var sn=b(()=>{"use strict"});function ie(t,e){let n=new URLSearchParams(e).toString();return n?`${t}?${n}`:t}function Pr(t){let e=[["run",t.run],["tag",t.tag]];return t.step!==null&&e.push(["step",String(t.step)]),t.threshold!==null&&e.push(["threshold",String(t.threshold)]),e.push(["metric",t.metric]),t.x1!==null&&e.push(["x1",t.x1]),t.x2!==null&&e.push(["x2",t.x2]),t.smoothing>0&&e.push(["smoothing",String(t.smoothing)]),e}function oi(t){let e=Pr(t);t.q!==""&&(e.push(["q",t.q]),t.caseSensitive&&e.push(["case_sensitive","1"]));for(let n of t.ranges)e.push(["range",rn(n)]);return t.minCount>0&&e.push(["min_count",String(t.minCount)]),t.includeZero&&e.push(["zero_cooccurrence","include"]),t.includeUndefined&&e.push(["undefined","include"]),t.flaggedOnly&&e.push(["flagged_only","1"]),t.showHidden&&e.push(["show_hidden","1"]),e}function Or(t){let e=[];return t.sort!=="gap"&&e.push(["sort",t.sort]),t.order!=="desc"&&e.push(["order",t.order]),e}function on(t,e,n){return ie("table",[...oi(t),...Or(t),["offset",String(e)],["limit",String(n)]])}function ba(t){return ie("distribution",oi(t))}function va(t,e,n,i){let r=oi(t);return r.push(["run2",e.run],["tag2",e.tag]),e.step!==null&&r.push(["step2",String(e.step)]),t.compareSort!=="delta"&&r.push(["sort",t.compareSort]),t.compareOrder!=="abs"&&r.push(["order",t.compareOrder]),r.push(["offset",String(n)],["limit",String(i)]),ie("compare",r)}function wa(t){return ie("flags",[["tag",t]])}function xa(t){return ie("csv",[...oi(t),...Or(t)])}function $a(t){return ie("csv",[...Pr(t),...ya,["flagged_only","1"],...Or(t)])}function Sa(t,e,n,i=Fh){let r=[...Pr(t),...ya],s=h=>ie("table",[...r,...h.map(c=>["label",c]),["limit",String(h.length)]]),o=s([]).length+3,a=[],l=[],u=o;for(let h of e){let c=new URLSearchParams([["label",h]]).toString().length+1;l.length>0&&(l.length>=n||u+c>i)&&(a.push(s(l)),l=[],u=o),l.push(h),u+=c}return l.length&&a.push(s(l)),a}function Ma(t){try{return new RegExp(t),!0}catch{return!1}}var ya,Fh,re=b(()=>{"use strict";sn();ya=[["zero_cooccurrence","include"],["undefined","include"],["include_identities","1"],["show_hidden","1"]];Fh=6e3});async function Nr(t,e,n,i,r=!1){let s=await t.get(on(e,0,Math.min(i,n))),o=s.total;if(o>n&&!r)throw new an(o,n);let a=Math.min(o,n),l=s.rows.map(c=>c.label),u=[];for(let c=l.length;c<a;c+=i)u.push(c);let h=await Promise.all(u.map(c=>t.get(on(e,c,Math.min(i,a-c)))));for(let c of h)l.push(...c.rows.map(f=>f.label));return{labels:l.slice(0,a),total:o}}var an,Ea=b(()=>{"use strict";re();an=class extends Error{constructor(n,i){super(`the filtered result has ${n} labels; narrow it to at most ${i}`);this.total=n;this.cap=i;this.name="TooManyLabels"}}});function ka(t){let e=t;if(typeof e!="object"||e===null||typeof e.default_metric!="string"||typeof e.metrics!="object"||e.metrics===null)return null;let n=e.limits;if(typeof n!="object"||n===null)return null;for(let i of Hh){let r=n[i];if(typeof r!="number"||!Number.isSafeInteger(r)||r<1)return null}return{metrics:e.metrics,default_metric:e.default_metric,limits:n}}var Hh,Ra=b(()=>{"use strict";Hh=["page_size","max_limit","max_offset","max_ranges","max_labels","max_bins","max_name","max_selected","bulk_cap"]});function V(t,e,n){t.dispatchEvent(new CustomEvent(e,{detail:n,bubbles:!0,composed:!0}))}var Ht=b(()=>{"use strict"});function zr(t){return{tag:t,flagged:[],hidden:[],version:0}}function Ir(t,e){let n=t[e.kind],i;if(e.on){let r=new Set(n);i=[...n];for(let s of e.labels)r.has(s)||(r.add(s),i.push(s))}else{let r=new Set(e.labels);i=n.filter(s=>!r.has(s))}return{...t,[e.kind]:i}}function Ca(t,e){let n=new Set(t[e.kind]);return e.labels.every(i=>n.has(i)===e.on)}function Lr(t){return{flagged:new Set(t.flagged),hidden:new Set(t.hidden)}}async function Dr(t,e){return t.get(wa(e))}async function Ta(t,e,n){let i=r=>{let s=Ir(r,n);return t.post("flags",{tag:r.tag,flagged:s.flagged,hidden:s.hidden,version:r.version})};try{return{state:await i(e),rebased:!1}}catch(r){let s=r instanceof gt&&r.status===409?r.body?.current:void 0;if(!s)throw r;try{return{state:await i(s),rebased:!0}}catch(o){throw o instanceof gt&&o.status===409?new gt(409,"flags keep changing elsewhere; reload the page and try again",o.body):o}}}var Aa=b(()=>{"use strict";te();re()});function se(t,e){return`${t}@${e}`}function Pa(t){return`count@${t}`}function ai(t){let e=t.indexOf("@");return e<0?{family:t,identity:null}:{family:t.slice(0,e),identity:t.slice(e+1)}}function Hr(t){return ai(t).identity}function Vr(t){return ai(t).family}function Oa(t){let{family:e,identity:n}=ai(t);return t==="gap"||n!==null&&e!=="count"}function li(t){let{family:e,identity:n}=ai(t);return n===null?t:`${e} (${n})`}function ln(t){let e=li(t.column),{low:n,high:i}=t;return n!==null&&i!==null?`${n} ≤ ${e} ≤ ${i}`:n!==null?`${e} ≥ ${n}`:i!==null?`${e} ≤ ${i}`:`${e}: any defined value`}function Na(t,e,n,i=!0){let r=[{id:"label",title:"Label",kind:"label",identity:null}];i&&r.push({id:"gap",title:"Gap",kind:"gap",identity:null});for(let s of t)r.push({id:se(e,s),title:s,kind:"value",identity:s});if(n){r.push({id:"count",title:"C(y)",kind:"count",identity:null});for(let s of t)r.push({id:Pa(s),title:`C(${s}, y)`,kind:"count",identity:s})}return r}function za(t,e,n,i=!0){let r=i?[{id:"gap",title:"gap",kind:"gap",identity:null}]:[];for(let s of t)r.push({id:se(e,s),title:`${e} (${s})`,kind:"value",identity:s});if(n){r.push({id:"count",title:"count",kind:"count",identity:null});for(let s of t)r.push({id:Pa(s),title:`count (${s})`,kind:"count",identity:s})}return r}function Fr(t){return t.kind==="label"?9:t.kind==="count"?4.5:6.5}function Ia(t){return t.map(e=>e.kind==="label"?`minmax(${ui+ci+Fr(e)}rem, 2.2fr)`:`minmax(${Fr(e)}rem, ${e.kind==="count"?.8:1}fr)`).join(" ")}function La(t){return t.reduce((e,n)=>e+Fr(n),ui+ci)}var ui,ci,un=b(()=>{"use strict";ui=2.25,ci=3.75});function hi(){return{run:null,tag:null,step:null,threshold:null,metric:null,x1:null,x2:null,smoothing:0,q:"",caseSensitive:!1,ranges:[],sort:"gap",order:"desc",minCount:0,includeZero:!1,includeUndefined:!1,flaggedOnly:!1,showHidden:!1,showCounts:!1,selected:[],view:"table",run2:null,tag2:null,step2:null,compareSort:"delta",compareOrder:"abs",plot:"violin"}}function cn(t,e,n){return e.includes(t)?t:n}function Fa(t){if(t===void 0||!/^-?\d+$/.test(t))return null;let e=Number(t);return Number.isSafeInteger(e)?e:null}function Ha(t,e){if(t===void 0||t.trim()==="")return e;let n=Number(t);return Number.isFinite(n)&&n>=0?n:e}function Va(t){if(t===void 0)return[];try{let e=JSON.parse(t);return Array.isArray(e)?e.filter(n=>typeof n=="string"):[]}catch{return[]}}function Vt(t){return t===void 0||t===""?null:t}function qr(t,e){let n=hi(),i=t.threshold===void 0?NaN:Number(t.threshold),r=Va(t.range).map(ga).filter(s=>s!==null);return{run:Vt(t.run),tag:Vt(t.tag),step:Fa(t.step),threshold:Number.isFinite(i)?i:null,metric:Vt(t.metric),x1:Vt(t.x1),x2:Vt(t.x2),smoothing:Ha(t.smoothing,0),q:t.q??"",caseSensitive:t.cs==="1",ranges:r,sort:Vt(t.sort)??n.sort,order:cn(t.order,Da,n.order),minCount:Math.floor(Ha(t.min_count,0)),includeZero:t.zero==="1",includeUndefined:t.undef==="1",flaggedOnly:t.flagged==="1",showHidden:t.hidden==="1",showCounts:t.counts==="1",selected:[...new Set(Va(t.sel))].slice(0,e),view:cn(t.view,["table","compare"],n.view),run2:Vt(t.run2),tag2:Vt(t.tag2),step2:Fa(t.step2),compareSort:cn(t.csort,Vh,n.compareSort),compareOrder:cn(t.corder,Da,n.compareOrder),plot:cn(t.plot,["violin","histogram"],n.plot)}}function Br(t,e){let n=hi(),i={},r=(o,a,l=null)=>{a!==null&&a!==l&&(i[o]=a)},s=(o,a)=>{a&&(i[o]="1")};return r("run",t.run),r("tag",t.tag),r("step",t.step===null?null:String(t.step)),r("threshold",t.threshold===null?null:String(t.threshold)),r("metric",t.metric,e),r("x1",t.x1),r("x2",t.x2),r("smoothing",String(t.smoothing),"0"),r("q",t.q,""),s("cs",t.caseSensitive),t.ranges.length&&(i.range=JSON.stringify(t.ranges.map(rn))),r("sort",t.sort,n.sort),r("order",t.order,n.order),r("min_count",String(t.minCount),"0"),s("zero",t.includeZero),s("undef",t.includeUndefined),s("flagged",t.flaggedOnly),s("hidden",t.showHidden),s("counts",t.showCounts),t.selected.length&&(i.sel=JSON.stringify(t.selected)),r("view",t.view,n.view),r("run2",t.run2),r("tag2",t.tag2),r("step2",t.step2===null?null:String(t.step2)),r("csort",t.compareSort,n.compareSort),r("corder",t.compareOrder,n.compareOrder),r("plot",t.plot,n.plot),i}function qh(t,e){let n=t.kind==="counts"?e:"nPMI";return t.metrics.includes(n)?n:t.metrics[0]??n}function fi(t,e,n){return t.runs.find(r=>r.run===e)?.tags.find(r=>r.tag===n)??null}function qa(t,e,n){let i=e.runs.filter(v=>v.tags.length>0);if(i.length===0)return null;let r=i.find(v=>v.run===t.run)??i.find(v=>v.tags.some(S=>S.tag===t.tag))??i[0],s=r.tags.find(v=>v.tag===t.tag)??r.tags[0],o=s.identities,a=s.kind==="counts",l=t.x1!==null&&o.includes(t.x1)?t.x1:o[0]??null,u=t.x2;u!==null&&(u==="rest"&&o.length>=2||u!==l&&o.includes(u))||(u=o.find(v=>v!==l)??null);let c=t.metric!==null&&s.metrics.includes(t.metric)?t.metric:qh(s,n.default_metric),f=Hr(t.sort),d=t.sort;f!==null&&!o.includes(f)?d="gap":f!==null&&Vr(d)!=="count"&&(d=se(c,f)),u===null&&l!==null&&d==="gap"&&(d=se(c,l));let g=t.ranges.filter(v=>{let S=Hr(v.column);if(v.column==="gap")return u!==null;if(S===null)return!0;let E=Vr(v.column);return o.includes(S)&&(E==="count"||s.metrics.includes(E))}),y=e.runs.find(v=>v.run===t.run2)?t.run2:null,p=fi(e,y??r.run,t.tag2??s.tag),_=p&&t.tag2!==null?t.tag2:null,$=p&&t.step2!==null&&p.steps.includes(t.step2)?t.step2:null;return{info:s,state:{...t,run:r.run,tag:s.tag,step:t.step!==null&&s.steps.includes(t.step)?t.step:null,threshold:a&&t.threshold!==null&&s.thresholds.includes(t.threshold)?t.threshold:null,metric:c,x1:l,x2:u,smoothing:a?t.smoothing:0,sort:d,ranges:g,selected:t.selected.slice(0,n.limits.max_selected),run2:y,tag2:_,step2:$}}}function Ur(t,e){if(t.run2!==null||t.tag2!==null||t.step2!==null)return{run:t.run2??t.run,tag:t.tag2??t.tag,step:t.step2};let n=e.runs.filter(o=>o.tags.some(a=>a.tag===t.tag)).map(o=>o.run);if(n.length>1)return{run:n[(n.indexOf(t.run)+1)%n.length],tag:t.tag,step:null};let i=fi(e,t.run,t.tag)?.steps??[],r=t.step??i[i.length-1],s=i.filter(o=>r!==void 0&&o<r);return{run:t.run,tag:t.tag,step:s.length?s[s.length-1]:null}}function Ba(t,e){if(t.sort!==e)return{sort:e,order:e==="label"?"asc":"desc"};let n=Oa(e),i=e==="label"?["asc","desc"]:n?["desc","asc","abs"]:["desc","asc"],r=i.indexOf(t.order);return{sort:e,order:i[(r+1)%i.length]}}function Ua(t,e){if(t.compareSort!==e)return{compareSort:e,compareOrder:e==="label"?"asc":e==="delta"?"abs":"desc"};let n=e==="label"?["asc","desc"]:["desc","asc","abs"],i=n.indexOf(t.compareOrder);return{compareSort:e,compareOrder:n[(i+1)%n.length]}}function di(t,e,n,i){if(!n){let o=new Set(e);return t.filter(a=>!o.has(a))}let r=[...t],s=new Set(t);for(let o of e){if(r.length>=i)break;s.has(o)||(s.add(o),r.push(o))}return r}function pi(t){return JSON.stringify([t.run,t.tag,t.step,t.threshold,t.metric,t.x1,t.x2,t.smoothing,t.q,t.caseSensitive,t.ranges.map(rn),t.minCount,t.includeZero,t.includeUndefined,t.flaggedOnly,t.showHidden])}var Da,Vh,mi=b(()=>{"use strict";un();sn();Da=["desc","asc","abs"],Vh=["delta","gap_a","gap_b","label"]});var Bt,oe,qt,ve=b(()=>{Bt={ATTRIBUTE:1,CHILD:2,PROPERTY:3,BOOLEAN_ATTRIBUTE:4,EVENT:5,ELEMENT:6},oe=t=>(...e)=>({_$litDirective$:t,values:e}),qt=class{constructor(e){}get _$AU(){return this._$AM._$AU}_$AT(e,n,i){this._$Ct=e,this._$AM=n,this._$Ci=i}_$AS(e,n){return this.update(e,n)}update(e,n){return this.render(...n)}}});var ja,Bh,gi,Wa=b(()=>{Ft();ve();ja="important",Bh=" !"+ja,gi=oe(class extends qt{constructor(t){if(super(t),t.type!==Bt.ATTRIBUTE||t.name!=="style"||t.strings?.length>2)throw Error("The `styleMap` directive must be used in the `style` attribute and must be the only part in the attribute.")}render(t){return Object.keys(t).reduce((e,n)=>{let i=t[n];return i==null?e:e+`${n=n.includes("-")?n:n.replace(/(?:^(webkit|moz|ms|o)|)(?=[A-Z])/g,"-$&").toLowerCase()}:${i};`},"")}update(t,[e]){let{style:n}=t.element;if(this.ft===void 0)return this.ft=new Set(Object.keys(e)),this.render(e);for(let i of this.ft)e[i]==null&&(this.ft.delete(i),i.includes("-")?n.removeProperty(i):n[i]=null);for(let i in e){let r=e[i];if(r!=null){this.ft.add(i);let s=typeof r=="string"&&r.endsWith(Bh);i.includes("-")||s?n.setProperty(i,s?r.slice(0,-11):r,s?ja:""):n[i]=r}}return ut}})});var jr=b(()=>{Wa()});var hn,Ka=b(()=>{hn=class{constructor(e){this._map=new Map,this._roundAverageSize=!1,this.totalSize=0,e?.roundAverageSize===!0&&(this._roundAverageSize=!0)}set(e,n){let i=this._map.get(e)||0;this._map.set(e,n),this.totalSize+=n-i}get averageSize(){if(this._map.size>0){let e=this.totalSize/this._map.size;return this._roundAverageSize?Math.round(e):e}return 0}getSize(e){return this._map.get(e)}clear(){this._map.clear(),this.totalSize=0}}});function Wr(t){return t==="horizontal"?"width":"height"}var _i,Xa=b(()=>{_i=class{_getDefaultConfig(){return{direction:"vertical"}}constructor(e,n){this._latestCoords={left:0,top:0},this._direction=null,this._viewportSize={width:0,height:0},this.totalScrollSize={width:0,height:0},this.offsetWithinScroller={left:0,top:0},this._pendingReflow=!1,this._pendingLayoutUpdate=!1,this._pin=null,this._firstVisible=0,this._lastVisible=0,this._physicalMin=0,this._physicalMax=0,this._first=-1,this._last=-1,this._sizeDim="height",this._secondarySizeDim="width",this._positionDim="top",this._secondaryPositionDim="left",this._scrollPosition=0,this._scrollError=0,this._items=[],this._scrollSize=1,this._overhang=1e3,this._hostSink=e,Promise.resolve().then(()=>this.config=n||this._getDefaultConfig())}set config(e){Object.assign(this,Object.assign({},this._getDefaultConfig(),e))}get config(){return{direction:this.direction}}get items(){return this._items}set items(e){this._setItems(e)}_setItems(e){e!==this._items&&(this._items=e,this._scheduleReflow())}get direction(){return this._direction}set direction(e){e=e==="horizontal"?e:"vertical",e!==this._direction&&(this._direction=e,this._sizeDim=e==="horizontal"?"width":"height",this._secondarySizeDim=e==="horizontal"?"height":"width",this._positionDim=e==="horizontal"?"left":"top",this._secondaryPositionDim=e==="horizontal"?"top":"left",this._triggerReflow())}get viewportSize(){return this._viewportSize}set viewportSize(e){let{_viewDim1:n,_viewDim2:i}=this;Object.assign(this._viewportSize,e),i!==this._viewDim2?this._scheduleLayoutUpdate():n!==this._viewDim1&&this._checkThresholds()}get viewportScroll(){return this._latestCoords}set viewportScroll(e){Object.assign(this._latestCoords,e);let n=this._scrollPosition;this._scrollPosition=this._latestCoords[this._positionDim],Math.abs(n-this._scrollPosition)>=1&&this._checkThresholds()}reflowIfNeeded(e=!1){(e||this._pendingReflow)&&(this._pendingReflow=!1,this._reflow())}set pin(e){this._pin=e,this._triggerReflow()}get pin(){if(this._pin!==null){let{index:e,block:n}=this._pin;return{index:Math.max(0,Math.min(e,this.items.length-1)),block:n}}return null}_clampScrollPosition(e){return Math.max(-this.offsetWithinScroller[this._positionDim],Math.min(e,this.totalScrollSize[Wr(this.direction)]-this._viewDim1))}unpin(){this._pin!==null&&(this._sendUnpinnedMessage(),this._pin=null)}_updateLayout(){}get _viewDim1(){return this._viewportSize[this._sizeDim]}get _viewDim2(){return this._viewportSize[this._secondarySizeDim]}_scheduleReflow(){this._pendingReflow=!0}_scheduleLayoutUpdate(){this._pendingLayoutUpdate=!0,this._scheduleReflow()}_triggerReflow(){this._scheduleLayoutUpdate(),Promise.resolve().then(()=>this.reflowIfNeeded())}_reflow(){this._pendingLayoutUpdate&&(this._updateLayout(),this._pendingLayoutUpdate=!1),this._updateScrollSize(),this._setPositionFromPin(),this._getActiveItems(),this._updateVisibleIndices(),this._sendStateChangedMessage()}_setPositionFromPin(){if(this.pin!==null){let e=this._scrollPosition,{index:n,block:i}=this.pin;this._scrollPosition=this._calculateScrollIntoViewPosition({index:n,block:i||"start"})-this.offsetWithinScroller[this._positionDim],this._scrollError=e-this._scrollPosition}}_calculateScrollIntoViewPosition(e){let{block:n}=e,i=Math.min(this.items.length,Math.max(0,e.index)),r=this._getItemPosition(i)[this._positionDim],s=r;if(n!=="start"){let o=this._getItemSize(i)[this._sizeDim];if(n==="center")s=r-.5*this._viewDim1+.5*o;else{let a=r-this._viewDim1+o;if(n==="end")s=a;else{let l=this._scrollPosition;s=Math.abs(l-r)<Math.abs(l-a)?r:a}}}return s+=this.offsetWithinScroller[this._positionDim],this._clampScrollPosition(s)}getScrollIntoViewCoordinates(e){return{[this._positionDim]:this._calculateScrollIntoViewPosition(e)}}_sendUnpinnedMessage(){this._hostSink({type:"unpinned"})}_sendVisibilityChangedMessage(){this._hostSink({type:"visibilityChanged",firstVisible:this._firstVisible,lastVisible:this._lastVisible})}_sendStateChangedMessage(){let e=new Map;if(this._first!==-1&&this._last!==-1)for(let i=this._first;i<=this._last;i++)e.set(i,this._getItemPosition(i));let n={type:"stateChanged",scrollSize:{[this._sizeDim]:this._scrollSize,[this._secondarySizeDim]:null},range:{first:this._first,last:this._last,firstVisible:this._firstVisible,lastVisible:this._lastVisible},childPositions:e};this._scrollError&&(n.scrollError={[this._positionDim]:this._scrollError,[this._secondaryPositionDim]:0},this._scrollError=0),this._hostSink(n)}get _num(){return this._first===-1||this._last===-1?0:this._last-this._first+1}_checkThresholds(){if(this._viewDim1===0&&this._num>0||this._pin!==null)this._scheduleReflow();else{let e=Math.max(0,this._scrollPosition-this._overhang),n=Math.min(this._scrollSize,this._scrollPosition+this._viewDim1+this._overhang);this._physicalMin>e||this._physicalMax<n?this._scheduleReflow():this._updateVisibleIndices({emit:!0})}}_updateVisibleIndices(e){if(this._first===-1||this._last===-1)return;let n=this._first;for(;n<this._last&&Math.round(this._getItemPosition(n)[this._positionDim]+this._getItemSize(n)[this._sizeDim])<=Math.round(this._scrollPosition);)n++;let i=this._last;for(;i>this._first&&Math.round(this._getItemPosition(i)[this._positionDim])>=Math.round(this._scrollPosition+this._viewDim1);)i--;(n!==this._firstVisible||i!==this._lastVisible)&&(this._firstVisible=n,this._lastVisible=i,e&&e.emit&&this._sendVisibilityChangedMessage())}}});var Ga={};Lo(Ga,{FlowLayout:()=>we,flow:()=>Xr});function Ya(t){return t==="horizontal"?"marginLeft":"marginTop"}function Uh(t){return t==="horizontal"?"marginRight":"marginBottom"}function jh(t){return t==="horizontal"?"xOffset":"yOffset"}function Wh(t,e){let n=[t,e].sort();return n[1]<=0?Math.min(...n):n[0]>=0?Math.max(...n):n[0]+n[1]}var Xr,Kr,we,yi=b(()=>{Ka();Xa();Xr=t=>Object.assign({type:we},t);Kr=class{constructor(){this._childSizeCache=new hn,this._marginSizeCache=new hn,this._metricsCache=new Map}update(e,n){let i=new Set;Object.keys(e).forEach(r=>{let s=Number(r);this._metricsCache.set(s,e[s]),this._childSizeCache.set(s,e[s][Wr(n)]),i.add(s),i.add(s+1)});for(let r of i){let s=this._metricsCache.get(r)?.[Ya(n)]||0,o=this._metricsCache.get(r-1)?.[Uh(n)]||0;this._marginSizeCache.set(r,Wh(s,o))}}get averageChildSize(){return this._childSizeCache.averageSize}get totalChildSize(){return this._childSizeCache.totalSize}get averageMarginSize(){return this._marginSizeCache.averageSize}get totalMarginSize(){return this._marginSizeCache.totalSize}getLeadingMarginValue(e,n){return this._metricsCache.get(e)?.[Ya(n)]||0}getChildSize(e){return this._childSizeCache.getSize(e)}getMarginSize(e){return this._marginSizeCache.getSize(e)}clear(){this._childSizeCache.clear(),this._marginSizeCache.clear(),this._metricsCache.clear()}},we=class extends _i{constructor(){super(...arguments),this._itemSize={width:100,height:100},this._physicalItems=new Map,this._newPhysicalItems=new Map,this._metricsCache=new Kr,this._anchorIdx=null,this._anchorPos=null,this._stable=!0,this._measureChildren=!0,this._estimate=!0}get measureChildren(){return this._measureChildren}updateItemSizes(e){this._metricsCache.update(e,this.direction),this._scheduleReflow()}_getPhysicalItem(e){return this._newPhysicalItems.get(e)??this._physicalItems.get(e)}_getSize(e){return this._getPhysicalItem(e)&&this._metricsCache.getChildSize(e)}_getAverageSize(){return this._metricsCache.averageChildSize||this._itemSize[this._sizeDim]}_estimatePosition(e){let n=this._metricsCache;if(this._first===-1||this._last===-1)return n.averageMarginSize+e*(n.averageMarginSize+this._getAverageSize());if(e<this._first){let i=this._first-e;return this._getPhysicalItem(this._first).pos-(n.getMarginSize(this._first-1)||n.averageMarginSize)-(i*n.averageChildSize+(i-1)*n.averageMarginSize)}else{let i=e-this._last;return this._getPhysicalItem(this._last).pos+(n.getChildSize(this._last)||n.averageChildSize)+(n.getMarginSize(this._last)||n.averageMarginSize)+i*(n.averageChildSize+n.averageMarginSize)}}_getPosition(e){let n=this._getPhysicalItem(e),{averageMarginSize:i}=this._metricsCache;return e===0?this._metricsCache.getMarginSize(0)??i:n?n.pos:this._estimatePosition(e)}_calculateAnchor(e,n){return e<=0?0:n>this._scrollSize-this._viewDim1?this.items.length-1:Math.max(0,Math.min(this.items.length-1,Math.floor((e+n)/2/this._delta)))}_getAnchor(e,n){if(this._physicalItems.size===0)return this._calculateAnchor(e,n);if(this._first<0)return this._calculateAnchor(e,n);if(this._last<0)return this._calculateAnchor(e,n);let i=this._getPhysicalItem(this._first),r=this._getPhysicalItem(this._last),s=i.pos;if(r.pos+this._metricsCache.getChildSize(this._last)<e)return this._calculateAnchor(e,n);if(s>n)return this._calculateAnchor(e,n);let l=this._firstVisible-1,u=-1/0;for(;u<e;)u=this._getPhysicalItem(++l).pos+this._metricsCache.getChildSize(l);return l}_getActiveItems(){this._viewDim1===0||this.items.length===0?this._clearItems():this._getItems()}_clearItems(){this._first=-1,this._last=-1,this._physicalMin=0,this._physicalMax=0;let e=this._newPhysicalItems;this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e,this._stable=!0}_getItems(){let e=this._newPhysicalItems;this._stable=!0;let n,i;if(this.pin!==null){let{index:u}=this.pin;this._anchorIdx=u,this._anchorPos=this._getPosition(u)}if(n=this._scrollPosition-this._overhang,i=this._scrollPosition+this._viewDim1+this._overhang,i<0||n>this._scrollSize){this._clearItems();return}(this._anchorIdx===null||this._anchorPos===null)&&(this._anchorIdx=this._getAnchor(n,i),this._anchorPos=this._getPosition(this._anchorIdx));let r=this._getSize(this._anchorIdx);r===void 0&&(this._stable=!1,r=this._getAverageSize());let s=this._metricsCache.getMarginSize(this._anchorIdx)??this._metricsCache.averageMarginSize,o=this._metricsCache.getMarginSize(this._anchorIdx+1)??this._metricsCache.averageMarginSize;this._anchorIdx===0&&(this._anchorPos=s),this._anchorIdx===this.items.length-1&&(this._anchorPos=this._scrollSize-o-r);let a=0;for(this._anchorPos+r+o<n&&(a=n-(this._anchorPos+r+o)),this._anchorPos-s>i&&(a=i-(this._anchorPos-s)),a&&(this._scrollPosition-=a,n-=a,i-=a,this._scrollError+=a),e.set(this._anchorIdx,{pos:this._anchorPos,size:r}),this._first=this._last=this._anchorIdx,this._physicalMin=this._anchorPos-s,this._physicalMax=this._anchorPos+r+o;this._physicalMin>n&&this._first>0;){let u=this._getSize(--this._first);u===void 0&&(this._stable=!1,u=this._getAverageSize());let h=this._metricsCache.getMarginSize(this._first);h===void 0&&(this._stable=!1,h=this._metricsCache.averageMarginSize),this._physicalMin-=u;let c=this._physicalMin;if(e.set(this._first,{pos:c,size:u}),this._physicalMin-=h,this._stable===!1&&this._estimate===!1)break}for(;this._physicalMax<i&&this._last<this.items.length-1;){let u=this._getSize(++this._last);u===void 0&&(this._stable=!1,u=this._getAverageSize());let h=this._metricsCache.getMarginSize(this._last);h===void 0&&(this._stable=!1,h=this._metricsCache.averageMarginSize);let c=this._physicalMax;if(e.set(this._last,{pos:c,size:u}),this._physicalMax+=u+h,!this._stable&&!this._estimate)break}let l=this._calculateError();l&&(this._physicalMin-=l,this._physicalMax-=l,this._anchorPos-=l,this._scrollPosition-=l,e.forEach(u=>u.pos-=l),this._scrollError+=l),this._stable&&(this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e)}_calculateError(){return this._first===0?this._physicalMin:this._physicalMin<=0?this._physicalMin-this._first*this._delta:this._last===this.items.length-1?this._physicalMax-this._scrollSize:this._physicalMax>=this._scrollSize?this._physicalMax-this._scrollSize+(this.items.length-1-this._last)*this._delta:0}_reflow(){let{_first:e,_last:n}=this;super._reflow(),(this._first===-1&&this._last==-1||this._first===e&&this._last===n)&&this._resetReflowState()}_resetReflowState(){this._anchorIdx=null,this._anchorPos=null,this._stable=!0}_updateScrollSize(){let{averageMarginSize:e}=this._metricsCache;this._scrollSize=Math.max(1,this.items.length*(e+this._getAverageSize())+e)}get _delta(){let{averageMarginSize:e}=this._metricsCache;return this._getAverageSize()+e}_getItemPosition(e){return{[this._positionDim]:this._getPosition(e),[this._secondaryPositionDim]:0,[jh(this.direction)]:-(this._metricsCache.getLeadingMarginValue(e,this.direction)??this._metricsCache.averageMarginSize)}}_getItemSize(e){return{[this._sizeDim]:this._getSize(e)||this._getAverageSize(),[this._secondarySizeDim]:this._itemSize[this._secondarySizeDim]}}_viewDim2Changed(){this._metricsCache.clear(),this._scheduleReflow()}}});function bi(t,e){if(t===null||!Number.isFinite(t))return null;let n=Math.min(e[0],e[1]),i=Math.max(e[0],e[1]);if(!(i>n))return null;let r=l=>(Math.min(i,Math.max(n,l))-n)/(i-n)*100,s=n<=0&&i>=0?0:n,o=r(s),a=r(t);return{left:Math.min(o,a),width:Math.abs(a-o),negative:t<s}}function Yr(t){return String(Math.round(t*1e4)/1e4)}function Gr(t,e,n){let i=bi(0,e),r=i?[`--o:${Yr(i.left/100)}`]:[],s=bi(t,e);if(s&&s.width>0){let o=s.width/100,a=o>=1?0:s.left/100/(1-o);r.push(`--p:${Yr(a)}`,`--w:${Yr(o)}`,`--c:${n}`)}return r.join(";")}var Qr=b(()=>{"use strict"});function Ct(t,e){if(e===null||e==="rest")return fn;let n=t.indexOf(e);return n<0?fn:Qa[n%Qa.length]}function Kh(t){let e=n=>{let i=parseInt(t.slice(n,n+2),16)/255;return i<=.03928?i/12.92:((i+.055)/1.055)**2.4};return .2126*e(1)+.7152*e(3)+.0722*e(5)}function Xh(t){return 1.05/(Kh(t)+.05)}function Yh(t){let e=[1,3,5].map(n=>parseInt(t.slice(n,n+2),16));for(let n=1;n>0;n-=.02){let i="#"+e.map(r=>Math.round(r*n).toString(16).padStart(2,"0")).join("");if(Xh(i)>=4.5)return i}return"#000000"}function vi(t,e){return Yh(Ct(t,e))}function ae(t,e,n,i){return i===null||i===0?fn:i>0?Ct(t,e):Ct(t,n)}var Qa,fn,dn=b(()=>{"use strict";Qa=["#0072B2","#D55E00","#009E73","#CC79A7","#E69F00","#56B4E9","#F0E442","#000000"],fn="#767676"});var wi,Za,Zr=b(()=>{"use strict";G();wi=ct`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M2.2 1.5h1.6v13H2.2zM3.8 2.2h8.4l-2 3 2 3H3.8z" fill="currentColor"/></svg>`,Za=ct`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M1.5 8s2.4-4.2 6.5-4.2S14.5 8 14.5 8s-2.4 4.2-6.5 4.2S1.5 8 1.5 8zM8 6.6a1.4 1.4 0 1 0 0 2.8a1.4 1.4 0 1 0 0-2.8zM2.5 13.5l11-11"
    fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>`});function xe(t,e,n,i){var r=arguments.length,s=r<3?e:i===null?i=Object.getOwnPropertyDescriptor(e,n):i,o;if(typeof Reflect=="object"&&typeof Reflect.decorate=="function")s=Reflect.decorate(t,e,n,i);else for(var a=t.length-1;a>=0;a--)(o=t[a])&&(s=(r<3?o(s):r>3?o(e,n,s):o(e,n))||s);return r>3&&s&&Object.defineProperty(e,n,s),s}var Ja=b(()=>{});var tl=b(()=>{Jn()});var el=b(()=>{ve()});var Gh,nl,rl,il,$e,Ut,Qh,sl,ol,xi,Jr=b(()=>{Ft();({I:Gh}=Jo),nl=t=>t,rl=t=>t.strings===void 0,il=()=>document.createComment(""),$e=(t,e,n)=>{let i=t._$AA.parentNode,r=e===void 0?t._$AB:e._$AA;if(n===void 0){let s=i.insertBefore(il(),r),o=i.insertBefore(il(),r);n=new Gh(s,o,t,t.options)}else{let s=n._$AB.nextSibling,o=n._$AM,a=o!==t;if(a){let l;n._$AQ?.(t),n._$AM=t,n._$AP!==void 0&&(l=t._$AU)!==o._$AU&&n._$AP(l)}if(s!==r||a){let l=n._$AA;for(;l!==s;){let u=nl(l).nextSibling;nl(i).insertBefore(l,r),l=u}}}return n},Ut=(t,e,n=t)=>(t._$AI(e,n),t),Qh={},sl=(t,e=Qh)=>t._$AH=e,ol=t=>t._$AH,xi=t=>{t._$AR(),t._$AA.remove()}});function Zh(t){this._$AN!==void 0?($i(this),this._$AM=t,al(this)):this._$AM=t}function Jh(t,e=!1,n=0){let i=this._$AH,r=this._$AN;if(r!==void 0&&r.size!==0)if(e)if(Array.isArray(i))for(let s=n;s<i.length;s++)pn(i[s],!1),$i(i[s]);else i!=null&&(pn(i,!1),$i(i));else pn(this,t)}var pn,$i,al,tf,Si,ll=b(()=>{Jr();ve();ve();pn=(t,e)=>{let n=t._$AN;if(n===void 0)return!1;for(let i of n)i._$AO?.(e,!1),pn(i,e);return!0},$i=t=>{let e,n;do{if((e=t._$AM)===void 0)break;n=e._$AN,n.delete(t),t=e}while(n?.size===0)},al=t=>{for(let e;e=t._$AM;t=e){let n=e._$AN;if(n===void 0)e._$AN=n=new Set;else if(n.has(t))break;n.add(t),tf(e)}};tf=t=>{t.type==Bt.CHILD&&(t._$AP??=Jh,t._$AQ??=Zh)},Si=class extends qt{constructor(){super(...arguments),this._$AN=void 0}_$AT(e,n,i){super._$AT(e,n,i),al(this),this.isConnected=e._$AU}_$AO(e,n=!0){e!==this.isConnected&&(this.isConnected=e,e?this.reconnected?.():this.disconnected?.()),n&&(pn(this,e),$i(this))}setValue(e){if(rl(this._$Ct))this._$Ct._$AI(e,this);else{let n=[...this._$Ct._$AH];n[this._$Ci]=e,this._$Ct._$AI(n,this,0)}}disconnected(){}reconnected(){}}});var ul=b(()=>{ll()});var cl,hl,fl=b(()=>{Ft();ve();Jr();cl=(t,e,n)=>{let i=new Map;for(let r=e;r<=n;r++)i.set(t[r],r);return i},hl=oe(class extends qt{constructor(t){if(super(t),t.type!==Bt.CHILD)throw Error("repeat() can only be used in text expressions")}dt(t,e,n){let i;n===void 0?n=e:e!==void 0&&(i=e);let r=[],s=[],o=0;for(let a of t)r[o]=i?i(a,o):o,s[o]=n(a,o),o++;return{values:s,keys:r}}render(t,e,n){return this.dt(t,e,n).values}update(t,[e,n,i]){let r=ol(t),{values:s,keys:o}=this.dt(e,n,i);if(!Array.isArray(r))return this.ut=o,s;let a=this.ut??=[],l=[],u,h,c=0,f=r.length-1,d=0,g=s.length-1;for(;c<=f&&d<=g;)if(r[c]===null)c++;else if(r[f]===null)f--;else if(a[c]===o[d])l[d]=Ut(r[c],s[d]),c++,d++;else if(a[f]===o[g])l[g]=Ut(r[f],s[g]),f--,g--;else if(a[c]===o[g])l[g]=Ut(r[c],s[g]),$e(t,l[g+1],r[c]),c++,g--;else if(a[f]===o[d])l[d]=Ut(r[f],s[d]),$e(t,r[c],r[f]),f--,d++;else if(u===void 0&&(u=cl(o,d,g),h=cl(a,c,f)),u.has(a[c]))if(u.has(a[f])){let y=h.get(o[d]),p=y!==void 0?r[y]:null;if(p===null){let _=$e(t,r[c]);Ut(_,s[d]),l[d]=_}else l[d]=Ut(p,s[d]),$e(t,r[c],p),r[y]=null;d++}else xi(r[f]),f--;else xi(r[c]),c++;for(;d<=g;){let y=$e(t,l[g+1]);Ut(y,s[d]),l[d++]=y}for(;c<=f;){let y=r[c++];y!==null&&xi(y)}return this.ut=o,sl(t,l),ut}})});var dl=b(()=>{fl()});var Se,Me,mn,ts=b(()=>{Se=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};Se.eventName="rangeChanged";Me=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};Me.eventName="visibilityChanged";mn=class t extends Event{constructor(){super(t.eventName,{bubbles:!1})}};mn.eventName="unpinned"});var es,Mi,pl=b(()=>{es=class{constructor(e){this._element=null;let n=e??window;this._node=n,e&&(this._element=e)}get element(){return this._element||document.scrollingElement||document.documentElement}get scrollTop(){return this.element.scrollTop||window.scrollY}get scrollLeft(){return this.element.scrollLeft||window.scrollX}get scrollHeight(){return this.element.scrollHeight}get scrollWidth(){return this.element.scrollWidth}get viewportHeight(){return this._element?this._element.getBoundingClientRect().height:window.innerHeight}get viewportWidth(){return this._element?this._element.getBoundingClientRect().width:window.innerWidth}get maxScrollTop(){return this.scrollHeight-this.viewportHeight}get maxScrollLeft(){return this.scrollWidth-this.viewportWidth}},Mi=class extends es{constructor(e,n){super(n),this._clients=new Set,this._retarget=null,this._end=null,this.__destination=null,this.correctingScrollError=!1,this._checkForArrival=this._checkForArrival.bind(this),this._updateManagedScrollTo=this._updateManagedScrollTo.bind(this),this.scrollTo=this.scrollTo.bind(this),this.scrollBy=this.scrollBy.bind(this);let i=this._node;this._originalScrollTo=i.scrollTo,this._originalScrollBy=i.scrollBy,this._originalScroll=i.scroll,this._attach(e)}get _destination(){return this.__destination}get scrolling(){return this._destination!==null}scrollTo(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;this._scrollTo(i)}scrollBy(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;i.top!==void 0&&(i.top+=this.scrollTop),i.left!==void 0&&(i.left+=this.scrollLeft),this._scrollTo(i)}_nativeScrollTo(e){this._originalScrollTo.bind(this._element||window)(e)}_scrollTo(e,n=null,i=null){this._end!==null&&this._end(),e.behavior==="smooth"?(this._setDestination(e),this._retarget=n,this._end=i):this._resetScrollState(),this._nativeScrollTo(e)}_setDestination(e){let{top:n,left:i}=e;return n=n===void 0?void 0:Math.max(0,Math.min(n,this.maxScrollTop)),i=i===void 0?void 0:Math.max(0,Math.min(i,this.maxScrollLeft)),this._destination!==null&&i===this._destination.left&&n===this._destination.top?!1:(this.__destination={top:n,left:i,behavior:"smooth"},!0)}_resetScrollState(){this.__destination=null,this._retarget=null,this._end=null}_updateManagedScrollTo(e){this._destination&&this._setDestination(e)&&this._nativeScrollTo(this._destination)}managedScrollTo(e,n,i){return this._scrollTo(e,n,i),this._updateManagedScrollTo}correctScrollError(e){this.correctingScrollError=!0,requestAnimationFrame(()=>requestAnimationFrame(()=>this.correctingScrollError=!1)),this._nativeScrollTo(e),this._retarget&&this._setDestination(this._retarget()),this._destination&&this._nativeScrollTo(this._destination)}_checkForArrival(){if(this._destination!==null){let{scrollTop:e,scrollLeft:n}=this,{top:i,left:r}=this._destination;i=Math.min(i||0,this.maxScrollTop),r=Math.min(r||0,this.maxScrollLeft);let s=Math.abs(i-e),o=Math.abs(r-n);s<1&&o<1&&(this._end&&this._end(),this._resetScrollState())}}detach(e){return this._clients.delete(e),this._clients.size===0&&(this._node.scrollTo=this._originalScrollTo,this._node.scrollBy=this._originalScrollBy,this._node.scroll=this._originalScroll,this._node.removeEventListener("scroll",this._checkForArrival)),null}_attach(e){this._clients.add(e),this._clients.size===1&&(this._node.scrollTo=this.scrollTo,this._node.scrollBy=this.scrollBy,this._node.scroll=this.scrollTo,this._node.addEventListener("scroll",this._checkForArrival))}}});function ef(t){let e=window.getComputedStyle(t);return{marginTop:ki(e.marginTop),marginRight:ki(e.marginRight),marginBottom:ki(e.marginBottom),marginLeft:ki(e.marginLeft)}}function ki(t){let e=t?parseFloat(t):NaN;return Number.isNaN(e)?0:e}function _l(t){if(t.assignedSlot!==null)return t.assignedSlot;if(t.parentElement!==null)return t.parentElement;let e=t.parentNode;return e&&e.nodeType===Node.DOCUMENT_FRAGMENT_NODE&&e.host||null}function nf(t,e=!1){let n=[],i=e?t:_l(t);for(;i!==null;)n.push(i),i=_l(i);return n}function rf(t,e=!1){let n=!1;return nf(t,e).filter(i=>{if(n)return!1;let r=getComputedStyle(i);return n=r.position==="fixed",r.overflow!=="visible"})}var ml,gn,Ei,gl,Ri,ns=b(()=>{ts();pl();ml=typeof window<"u"?window.ResizeObserver:void 0,gn=Symbol("virtualizerRef"),Ei="virtualizer-sizer",Ri=class{constructor(e){if(this._benchmarkStart=null,this._layout=null,this._clippingAncestors=[],this._scrollSize=null,this._scrollError=null,this._childrenPos=null,this._childMeasurements=null,this._toBeMeasured=new Map,this._rangeChanged=!0,this._itemsChanged=!0,this._visibilityChanged=!0,this._scrollerController=null,this._isScroller=!1,this._sizer=null,this._hostElementRO=null,this._childrenRO=null,this._mutationObserver=null,this._scrollEventListeners=[],this._scrollEventListenerOptions={passive:!0},this._loadListener=this._childLoaded.bind(this),this._scrollIntoViewTarget=null,this._updateScrollIntoViewCoordinates=null,this._items=[],this._first=-1,this._last=-1,this._firstVisible=-1,this._lastVisible=-1,this._scheduled=new WeakSet,this._measureCallback=null,this._measureChildOverride=null,this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null,this._layoutInitialized=null,this._connected=!1,!e)throw new Error("Virtualizer constructor requires a configuration object");if(e.hostElement)this._init(e);else throw new Error('Virtualizer configuration requires the "hostElement" property')}set items(e){Array.isArray(e)&&e!==this._items&&(this._itemsChanged=!0,this._items=e,this._schedule(this._updateLayout))}_init(e){this._isScroller=!!e.scroller,this._initHostElement(e);let n=e.layout||{};this._layoutInitialized=this._initLayout(n)}_initObservers(){this._mutationObserver=new MutationObserver(this._finishDOMUpdate.bind(this)),this._hostElementRO=new ml(()=>this._hostElementSizeChanged()),this._childrenRO=new ml(this._childrenSizeChanged.bind(this))}_initHostElement(e){let n=this._hostElement=e.hostElement;this._applyVirtualizerStyles(),n[gn]=this}connected(){this._initObservers();let e=this._isScroller;this._clippingAncestors=rf(this._hostElement,e),this._scrollerController=new Mi(this,this._clippingAncestors[0]),this._schedule(this._updateLayout),this._observeAndListen(),this._connected=!0}_observeAndListen(){this._mutationObserver.observe(this._hostElement,{childList:!0}),this._hostElementRO.observe(this._hostElement),this._scrollEventListeners.push(window),window.addEventListener("scroll",this,this._scrollEventListenerOptions),this._clippingAncestors.forEach(e=>{e.addEventListener("scroll",this,this._scrollEventListenerOptions),this._scrollEventListeners.push(e),this._hostElementRO.observe(e)}),this._hostElementRO.observe(this._scrollerController.element),this._children.forEach(e=>this._childrenRO.observe(e)),this._scrollEventListeners.forEach(e=>e.addEventListener("scroll",this,this._scrollEventListenerOptions))}disconnected(){this._scrollEventListeners.forEach(e=>e.removeEventListener("scroll",this,this._scrollEventListenerOptions)),this._scrollEventListeners=[],this._clippingAncestors=[],this._scrollerController?.detach(this),this._scrollerController=null,this._mutationObserver?.disconnect(),this._mutationObserver=null,this._hostElementRO?.disconnect(),this._hostElementRO=null,this._childrenRO?.disconnect(),this._childrenRO=null,this._rejectLayoutCompletePromise("disconnected"),this._connected=!1}_applyVirtualizerStyles(){let n=this._hostElement.style;n.display=n.display||"block",n.position=n.position||"relative",n.contain=n.contain||"size layout",this._isScroller&&(n.overflow=n.overflow||"auto",n.minHeight=n.minHeight||"150px")}_getSizer(){let e=this._hostElement;if(!this._sizer){let n=e.querySelector(`[${Ei}]`);n||(n=document.createElement("div"),n.setAttribute(Ei,""),e.appendChild(n)),Object.assign(n.style,{position:"absolute",margin:"-2px 0 0 0",padding:0,visibility:"hidden",fontSize:"2px"}),n.textContent="&nbsp;",n.setAttribute(Ei,""),this._sizer=n}return this._sizer}async updateLayoutConfig(e){await this._layoutInitialized;let n=e.type||gl;if(typeof n=="function"&&this._layout instanceof n){let i={...e};return delete i.type,this._layout.config=i,!0}return!1}async _initLayout(e){let n,i;if(typeof e.type=="function"){i=e.type;let r={...e};delete r.type,n=r}else n=e;i===void 0&&(gl=i=(await Promise.resolve().then(()=>(yi(),Ga))).FlowLayout),this._layout=new i(r=>this._handleLayoutMessage(r),n),this._layout.measureChildren&&typeof this._layout.updateItemSizes=="function"&&(typeof this._layout.measureChildren=="function"&&(this._measureChildOverride=this._layout.measureChildren),this._measureCallback=this._layout.updateItemSizes.bind(this._layout)),this._layout.listenForChildLoadEvents&&this._hostElement.addEventListener("load",this._loadListener,!0),this._schedule(this._updateLayout)}startBenchmarking(){this._benchmarkStart===null&&(this._benchmarkStart=window.performance.now())}stopBenchmarking(){if(this._benchmarkStart!==null){let e=window.performance.now(),n=e-this._benchmarkStart,r=performance.getEntriesByName("uv-virtualizing","measure").filter(s=>s.startTime>=this._benchmarkStart&&s.startTime<e).reduce((s,o)=>s+o.duration,0);return this._benchmarkStart=null,{timeElapsed:n,virtualizationTime:r}}return null}_measureChildren(){let e={},n=this._children,i=this._measureChildOverride||this._measureChild;for(let r=0;r<n.length;r++){let s=n[r],o=this._first+r;(this._itemsChanged||this._toBeMeasured.has(s))&&(e[o]=i.call(this,s,this._items[o]))}this._childMeasurements=e,this._schedule(this._updateLayout),this._toBeMeasured.clear()}_measureChild(e){let{width:n,height:i}=e.getBoundingClientRect();return Object.assign({width:n,height:i},ef(e))}async _schedule(e){this._scheduled.has(e)||(this._scheduled.add(e),await Promise.resolve(),this._scheduled.delete(e),e.call(this))}async _updateDOM(e){this._scrollSize=e.scrollSize,this._adjustRange(e.range),this._childrenPos=e.childPositions,this._scrollError=e.scrollError||null;let{_rangeChanged:n,_itemsChanged:i}=this;this._visibilityChanged&&(this._notifyVisibility(),this._visibilityChanged=!1),(n||i)&&(this._notifyRange(),this._rangeChanged=!1),this._finishDOMUpdate()}_finishDOMUpdate(){this._connected&&(this._children.forEach(e=>this._childrenRO.observe(e)),this._checkScrollIntoViewTarget(this._childrenPos),this._positionChildren(this._childrenPos),this._sizeHostElement(this._scrollSize),this._correctScrollError(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_updateLayout(){this._layout&&this._connected&&(this._layout.items=this._items,this._updateView(),this._childMeasurements!==null&&(this._measureCallback&&this._measureCallback(this._childMeasurements),this._childMeasurements=null),this._layout.reflowIfNeeded(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_handleScrollEvent(){if(this._benchmarkStart&&"mark"in window.performance){try{window.performance.measure("uv-virtualizing","uv-start","uv-end")}catch(e){console.warn("Error measuring performance data: ",e)}window.performance.mark("uv-start")}this._scrollerController.correctingScrollError===!1&&this._layout?.unpin(),this._schedule(this._updateLayout)}handleEvent(e){e.type==="scroll"?(e.currentTarget===window||this._clippingAncestors.includes(e.currentTarget))&&this._handleScrollEvent():console.warn("event not handled",e)}_handleLayoutMessage(e){e.type==="stateChanged"?this._updateDOM(e):e.type==="visibilityChanged"?(this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._notifyVisibility()):e.type==="unpinned"&&this._hostElement.dispatchEvent(new mn)}get _children(){let e=[],n=this._hostElement.firstElementChild;for(;n;)n.hasAttribute(Ei)||e.push(n),n=n.nextElementSibling;return e}_updateView(){let e=this._hostElement,n=this._scrollerController?.element,i=this._layout;if(e&&n&&i){let r,s,o,a,l=e.getBoundingClientRect();r=0,s=0,o=window.innerHeight,a=window.innerWidth;let u=this._clippingAncestors.map(_=>_.getBoundingClientRect());u.unshift(l);for(let _ of u)r=Math.max(r,_.top),s=Math.max(s,_.left),o=Math.min(o,_.bottom),a=Math.min(a,_.right);let h=n.getBoundingClientRect(),c={left:l.left-h.left,top:l.top-h.top},f={width:n.scrollWidth,height:n.scrollHeight},d=r-l.top+e.scrollTop,g=s-l.left+e.scrollLeft,y=Math.max(0,o-r),p=Math.max(0,a-s);i.viewportSize={width:p,height:y},i.viewportScroll={top:d,left:g},i.totalScrollSize=f,i.offsetWithinScroller=c}}_sizeHostElement(e){let i=e&&e.width!==null?Math.min(82e5,e.width):0,r=e&&e.height!==null?Math.min(82e5,e.height):0;if(this._isScroller)this._getSizer().style.transform=`translate(${i}px, ${r}px)`;else{let s=this._hostElement.style;s.minWidth=i?`${i}px`:"100%",s.minHeight=r?`${r}px`:"100%"}}_positionChildren(e){e&&e.forEach(({top:n,left:i,width:r,height:s,xOffset:o,yOffset:a},l)=>{let u=this._children[l-this._first];u&&(u.style.position="absolute",u.style.boxSizing="border-box",u.style.transform=`translate(${i}px, ${n}px)`,r!==void 0&&(u.style.width=r+"px"),s!==void 0&&(u.style.height=s+"px"),u.style.left=o===void 0?null:o+"px",u.style.top=a===void 0?null:a+"px")})}async _adjustRange(e){let{_first:n,_last:i,_firstVisible:r,_lastVisible:s}=this;this._first=e.first,this._last=e.last,this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._rangeChanged=this._rangeChanged||this._first!==n||this._last!==i,this._visibilityChanged=this._visibilityChanged||this._firstVisible!==r||this._lastVisible!==s}_correctScrollError(){if(this._scrollError){let{scrollTop:e,scrollLeft:n}=this._scrollerController,{top:i,left:r}=this._scrollError;this._scrollError=null,this._scrollerController.correctScrollError({top:e-i,left:n-r})}}element(e){return e===1/0&&(e=this._items.length-1),this._items?.[e]===void 0?void 0:{scrollIntoView:(n={})=>this._scrollElementIntoView({...n,index:e})}}_scrollElementIntoView(e){if(e.index>=this._first&&e.index<=this._last)this._children[e.index-this._first].scrollIntoView(e);else if(e.index=Math.min(e.index,this._items.length-1),e.behavior==="smooth"){let n=this._layout.getScrollIntoViewCoordinates(e),{behavior:i}=e;this._updateScrollIntoViewCoordinates=this._scrollerController.managedScrollTo(Object.assign(n,{behavior:i}),()=>this._layout.getScrollIntoViewCoordinates(e),()=>this._scrollIntoViewTarget=null),this._scrollIntoViewTarget=e}else this._layout.pin=e}_checkScrollIntoViewTarget(e){let{index:n}=this._scrollIntoViewTarget||{};n&&e?.has(n)&&this._updateScrollIntoViewCoordinates(this._layout.getScrollIntoViewCoordinates(this._scrollIntoViewTarget))}_notifyRange(){this._hostElement.dispatchEvent(new Se({first:this._first,last:this._last}))}_notifyVisibility(){this._hostElement.dispatchEvent(new Me({first:this._firstVisible,last:this._lastVisible}))}get layoutComplete(){return this._layoutCompletePromise||(this._layoutCompletePromise=new Promise((e,n)=>{this._layoutCompleteResolver=e,this._layoutCompleteRejecter=n})),this._layoutCompletePromise}_rejectLayoutCompletePromise(e){this._layoutCompleteRejecter!==null&&this._layoutCompleteRejecter(e),this._resetLayoutCompleteState()}_scheduleLayoutComplete(){this._layoutCompletePromise&&this._pendingLayoutComplete===null&&(this._pendingLayoutComplete=requestAnimationFrame(()=>requestAnimationFrame(()=>this._resolveLayoutCompletePromise())))}_resolveLayoutCompletePromise(){this._layoutCompleteResolver!==null&&this._layoutCompleteResolver(),this._resetLayoutCompleteState()}_resetLayoutCompleteState(){this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null}_hostElementSizeChanged(){this._schedule(this._updateLayout)}_childLoaded(){}_childrenSizeChanged(e){if(this._layout?.measureChildren){for(let n of e)this._toBeMeasured.set(n.target,n.contentRect);this._measureChildren()}this._scheduleLayoutComplete(),this._itemsChanged=!1,this._rangeChanged=!1}}});var rs,ss,is,yl,bl=b(()=>{G();el();ul();dl();ns();ns();rs=t=>t,ss=(t,e)=>m`${e}: ${JSON.stringify(t,null,2)}`,is=class extends Si{constructor(e){if(super(e),this._virtualizer=null,this._first=0,this._last=-1,this._renderItem=(n,i)=>ss(n,i+this._first),this._keyFunction=(n,i)=>rs(n,i+this._first),this._items=[],e.type!==Bt.CHILD)throw new Error("The virtualize directive can only be used in child expressions")}render(e){e&&this._setFunctions(e);let n=[];if(this._first>=0&&this._last>=this._first)for(let i=this._first;i<=this._last;i++)n.push(this._items[i]);return hl(n,this._keyFunction,this._renderItem)}update(e,[n]){this._setFunctions(n);let i=this._items!==n.items;return this._items=n.items||[],this._virtualizer?this._updateVirtualizerConfig(e,n):this._initialize(e,n),i?ut:this.render()}async _updateVirtualizerConfig(e,n){if(!await this._virtualizer.updateLayoutConfig(n.layout||{})){let r=e.parentNode;this._makeVirtualizer(r,n)}this._virtualizer.items=this._items}_setFunctions(e){let{renderItem:n,keyFunction:i}=e;n&&(this._renderItem=(r,s)=>n(r,s+this._first)),i&&(this._keyFunction=(r,s)=>i(r,s+this._first))}_makeVirtualizer(e,n){this._virtualizer&&this._virtualizer.disconnected();let{layout:i,scroller:r,items:s}=n;this._virtualizer=new Ri({hostElement:e,layout:i,scroller:r}),this._virtualizer.items=s,this._virtualizer.connected()}_initialize(e,n){let i=e.parentNode;i&&i.nodeType===1&&(i.addEventListener("rangeChanged",r=>{this._first=r.first,this._last=r.last,this.setValue(this.render())}),this._makeVirtualizer(i,n))}disconnected(){this._virtualizer?.disconnected()}reconnected(){this._virtualizer?.connected()}},yl=oe(is)});var Tt,vl=b(()=>{Ja();G();tl();bl();Tt=class extends L{constructor(){super(...arguments),this.items=[],this.renderItem=ss,this.keyFunction=rs,this.layout={},this.scroller=!1}createRenderRoot(){return this}render(){let{items:e,renderItem:n,keyFunction:i,layout:r,scroller:s}=this;return m`${yl({items:e,renderItem:n,keyFunction:i,layout:r,scroller:s})}`}element(e){return this[gn]?.element(e)}get layoutComplete(){return this[gn]?.layoutComplete}scrollToIndex(e,n="start"){this.element(e)?.scrollIntoView({block:n})}};xe([M({attribute:!1})],Tt.prototype,"items",void 0);xe([M()],Tt.prototype,"renderItem",void 0);xe([M()],Tt.prototype,"keyFunction",void 0);xe([M({attribute:!1})],Tt.prototype,"layout",void 0);xe([M({reflect:!0,type:Boolean})],Tt.prototype,"scroller",void 0)});var wl=b(()=>{vl();ts();customElements.define("lit-virtualizer",Tt)});function os(t,e){let n=null,i=null,r=()=>{n=null;let o=i;i=null,o&&t(...o)},s=(...o)=>{i=o,n!==null&&clearTimeout(n),n=setTimeout(r,e)};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=null},s.flush=()=>{n!==null&&clearTimeout(n),r()},s}function xl(t,e){let n=null,i=!1,r=()=>{i?(i=!1,t(),n=setTimeout(r,e)):n=null},s=()=>{n===null?(t(),n=setTimeout(r,e)):i=!0};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=!1},s.flush=()=>{i&&(i=!1,t())},s}var as=b(()=>{"use strict"});function sf(t,e){let n=[];for(let i of t){let r=n[n.length-1];r&&i===r[r.length-1]+1&&r.length<e?r.push(i):n.push([i])}return n}var _n,$l=b(()=>{"use strict";_n=class{constructor(e,n=200,i,r=e){this.total=null;this.error=null;this.pages=new Map;this.loading=new Set;this.abort=new AbortController;if(!(e>=1)||!(n>=1))throw new RangeError("pageSize and maxPages must be positive");this.pageSize=e,this.maxPages=n,this.maxRequest=r,this.fallback=i?new Map(i.pages):new Map,i&&(this.total=i.total)}pageOf(e){return Math.floor(e/this.pageSize)}get(e){let n=this.pageOf(e);return(this.pages.get(n)??this.fallback.get(n))?.[e-n*this.pageSize]}isStale(e){let n=this.pageOf(e);return!this.pages.has(n)&&this.fallback.has(n)}has(e){return this.pages.has(e)}get busy(){return this.loading.size>0}missing(e,n){let i=this.total===null?n:Math.min(n,this.total-1),r=[];for(let s=this.pageOf(Math.max(0,e));s<=this.pageOf(Math.max(0,i));s++)!this.pages.has(s)&&!this.loading.has(s)&&r.push(s);return r}async load(e,n,i,r){let s=this.missing(e,n);this.touch(e,n),await Promise.all(sf(s,Math.max(1,Math.floor(this.maxRequest/this.pageSize))).map(async o=>{for(let l of o)this.loading.add(l);let a=o[0];try{let l=await i(a*this.pageSize,o.length*this.pageSize,this.abort.signal);if(this.abort.signal.aborted)return;o.forEach((u,h)=>this.store(u,l.rows.slice(h*this.pageSize,(h+1)*this.pageSize),l.total,e,n)),this.error=null}catch(l){if(this.abort.signal.aborted)return;this.error=l}finally{for(let l of o)this.loading.delete(l)}r()}))}store(e,n,i,r=0,s=0){this.pages.set(e,n),this.total=i,this.evict(r,s)}dispose(){this.abort.abort()}get loadedPages(){return[...this.pages.keys()]}touch(e,n){for(let i=this.pageOf(Math.max(0,e));i<=this.pageOf(Math.max(0,n));i++){let r=this.pages.get(i);r&&(this.pages.delete(i),this.pages.set(i,r))}}evict(e,n){let i=this.pageOf(Math.max(0,e)),r=this.pageOf(Math.max(0,n));for(let s of this.pages.keys()){if(this.pages.size<=this.maxPages)break;(s<i||s>r)&&this.pages.delete(s)}}}});function Ci(t,e,n,i){return m`<lit-virtualizer
    scroller
    role="rowgroup"
    tabindex="0"
    aria-label="Rows; scroll with the arrow keys"
    .layout=${e}
    .items=${t.items}
    .renderItem=${n}
    @rangeChanged=${r=>t.onRange(r.first,r.last)}
    @scroll=${i??null}
  ></lit-virtualizer>`}var Sl,Ee,ls=b(()=>{"use strict";G();wl();as();$l();Sl=[],Ee=class{constructor(e,n,i=60){this.host=e;this.sizes=n;this.initialRows=i;this.items=Sl;this.key=null;this.fetcher=null;this.window=[0,0];this.loadWindow=xl(()=>this.loadNow(),40);this.cache=new _n(1),e.addController(this)}hostDisconnected(){this.loadWindow.cancel(),this.cache.dispose()}setQuery(e,n,i){if(e===this.key)return!1;this.key=e,this.fetcher=n;let r=this.cache;r.dispose();let{pageSize:s,maxRequest:o}=this.sizes();return this.cache=new _n(s,200,i.keepRows?r:void 0,o),i.keepRows||(this.items=Sl),(i.fromTop||!i.keepRows)&&(this.window=[0,this.initialRows]),this.loadNow(),!0}onRange(e,n){this.window=[e,n],this.cache.missing(e,n).length>0&&this.loadWindow()}get total(){return this.failedEmpty?null:this.cache.total}get failedEmpty(){return this.cache.error!==null&&this.cache.loadedPages.length===0}retry(){this.cache.error=null,this.loadNow()}get loading(){return this.cache.busy}loadNow(){let e=this.fetcher;if(!e)return;let n=this.cache;n.load(this.window[0],this.window[1],e,()=>{if(n!==this.cache)return;let i=this.failedEmpty?0:n.total??0;this.items.length!==i&&(this.items=Array.from({length:i},(r,s)=>s)),this.host.requestUpdate()}),this.host.requestUpdate()}}});var us,Ml=b(()=>{Ft();us=t=>t??x});var El=b(()=>{Ml()});function cs(t,e){return t?e==="asc"?{ariaSort:"ascending",arrow:"▲"}:e==="desc"?{ariaSort:"descending",arrow:"▼"}:{ariaSort:"other",arrow:"|▼|"}:{ariaSort:"none",arrow:""}}function Ti(t){let{ariaSort:e,arrow:n}=cs(t.active,t.order);return m`<div role="columnheader" class=${t.className??"cell"} aria-sort=${e} title=${us(t.title)}>
    <button type="button" data-testid=${t.testid} aria-label=${us(t.ariaLabel)} @click=${t.onSort}>
      ${t.content}<span class="arrow" aria-hidden="true">${n}</span>
    </button>
  </div>`}var hs=b(()=>{"use strict";G();El()});var Ai,fs=b(()=>{"use strict";G();Ai=D`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  .table {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 240px;
    border: 1px solid var(--border);
    border-radius: 6px;
    background: #fff;
    overflow: hidden;
  }
  .row {
    display: grid;
    grid-template-columns: var(--cols);
    align-items: center;
    width: 100%;
    height: 30px;
    border-bottom: 1px solid #eef0f2;
  }
  .header {
    background: #f8f9fa;
    font-weight: 600;
    min-height: 34px;
    height: auto;
  }
  .header button {
    border: none;
    background: transparent;
    font-weight: 600;
    padding: 2px 4px;
    width: 100%;
    text-align: left;
  }
  .arrow {
    color: var(--accent);
    font-size: 11px;
    flex: none;
  }
  .cell {
    padding: 0 6px;
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .row.data:hover {
    background: var(--hover);
  }
  .row.stale {
    opacity: 0.5;
  }
  lit-virtualizer {
    flex: 1;
    min-height: 0;
  }
  .empty {
    padding: 16px;
    color: var(--muted);
  }
`});var of,af,mt,kl=b(()=>{"use strict";G();vt();jr();yi();te();Qr();dn();be();re();mi();Zr();ls();hs();fs();wt();Ht();of=Xr(),af="minmax(9rem, 2fr) repeat(3, minmax(7rem, 1fr)) repeat(2, minmax(4.5rem, 0.7fr)) 2.5rem",mt=class extends L{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.gapDomain=[-2,2];this.meta=null;this.rows=new Ee(this,()=>({pageSize:this.limits.page_size,maxRequest:this.limits.max_limit}))}willUpdate(n){if(n.has("state")||n.has("api")||n.has("runs")){let i=this.state,r=Ur(i,this.runs),s=JSON.stringify([pi(i),r,i.compareSort,i.compareOrder]);if(this.rows.setQuery(s,async(a,l,u)=>{let h=await this.api.get(va(i,r,a,l),u);return u.aborted||(this.meta=h),{rows:h.rows,total:h.total}},{keepRows:!1,fromTop:!0})){this.meta=null;let a=this.renderRoot.querySelector("lit-virtualizer");a&&(a.scrollTop=0)}}}change(n){V(this,"state-change",n)}bar(n,i){let r=bi(n,this.gapDomain);return m`<div class="bar" aria-hidden="true">
      ${r?m`<div class="fill" style=${gi({left:`${r.left}%`,width:`${r.width}%`,background:i})}></div>`:x}
    </div>`}renderRow(n){let i=this.rows.cache.get(n);if(!i)return m`<div class="row" role="row" aria-rowindex=${n+2} data-testid="compare-row-placeholder">
        <div role="cell" class="cell" style="color:var(--muted)">Loading\u2026</div>
      </div>`;let r=this.state,s=this.info.identities,o=this.flags.flagged.has(i.label),a=(l,u)=>m`<div role="cell" class="cell valuecell" data-testid=${u}>
        ${this.bar(l,ae(s,r.x1,r.x2,l))}<span class="num">${ee(l)}</span>
      </div>`;return m`<div
      class="row data ${this.rows.cache.isStale(n)?"stale":""}"
      role="row"
      aria-rowindex=${n+2}
      data-testid="compare-row"
      data-label=${i.label}
    >
      <div role="cell" class="cell" title=${i.label}>${i.label}</div>
      ${a(i.gap_a,"cell-gap-a")} ${a(i.gap_b,"cell-gap-b")} ${a(i.delta,"cell-delta")}
      <div role="cell" class="cell num">${j(i.count_a)}</div>
      <div role="cell" class="cell num">${j(i.count_b)}</div>
      <div role="cell" class="cell flag">${o?m`<span role="img" aria-label="flagged" title="flagged">${wi}</span>`:x}</div>
    </div>`}header(n,i){let r=this.state,s=[{id:"label",title:"Label",sortable:!0},{id:"gap_a",title:`Gap A (${n})`,sortable:!0},{id:"gap_b",title:`Gap B (${i})`,sortable:!0},{id:"delta",title:"Δ = B − A",sortable:!0},{id:"count_a",title:"Count A",sortable:!1},{id:"count_b",title:"Count B",sortable:!1}];return m`<div class="row header" role="row" aria-rowindex="1">
      ${s.map(o=>{if(!o.sortable)return m`<div role="columnheader" class="cell num">${o.title}</div>`;let a=o.id;return Ti({testid:`compare-sort-header-${a}`,content:o.title,title:o.title,active:r.compareSort===a,order:r.compareOrder,onSort:()=>this.change(Ua(r,a))})})}
      <div role="columnheader" class="cell"><span class="visually-hidden">Flagged</span></div>
    </div>`}render(){let n=this.state,i=this.runs.runs.filter(y=>y.tags.length>0),r=Ur(n,this.runs),s=r.run,o=r.tag,a=fi(this.runs,s,o),l=i.find(y=>y.run===s)?.tags??[],u=this.rows.cache,h=u.total,c=this.meta,f=n.step===null?"latest":`step ${n.step}`,d=r.step===null?"latest":`step ${r.step}`,g=a?.steps[a.steps.length-1];return m`
      <div class="pickers" role="group" aria-label="Table B">
        <span>A: <strong>${n.run}</strong> / ${n.tag}, ${f} (set in the controls)</span>
        <label
          >B run
          <select
            data-testid="compare-run-select"
            @change=${y=>this.change({run2:y.target.value,tag2:o,step2:null})}
          >
            ${i.map(y=>m`<option .value=${y.run} .selected=${y.run===s}>${y.run}</option>`)}
          </select>
        </label>
        <label
          >table
          <select
            data-testid="compare-tag-select"
            @change=${y=>this.change({run2:s,tag2:y.target.value,step2:null})}
          >
            ${l.map(y=>m`<option .value=${y.tag} .selected=${y.tag===o}>${y.tag}</option>`)}
          </select>
        </label>
        <label
          >step
          <select
            data-testid="compare-step-select"
            @change=${y=>{let p=y.target.value;this.change({run2:s,tag2:o,step2:p===""?null:Number(p)})}}
          >
            <option value="" .selected=${r.step===null}>latest${g===void 0?"":` (${g})`}</option>
            ${(a?.steps??[]).map(y=>m`<option .value=${String(y)} .selected=${y===r.step}>${y}</option>`)}
          </select>
        </label>
      </div>
      <div class="summary" data-testid="compare-summary" aria-live="polite">
        Gap ${n.metric}, ${Rt(n.x1,n.x2)}.
        ${h!==null?m`${ii(h,null)} in both`:x}
        ${c?m` \u00b7 ${j(c.only_in_a)} only in A \u00b7 ${j(c.only_in_b)} only in B`:x}
        ${c?m` \u00b7 A = ${c.a.run} step ${c.a.step}, B = ${c.b.run} step ${c.b.step}`:x}
      </div>
      ${u.error?m`<div class="error" role="alert" data-testid="error-message">
            ${pt(u.error)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:x}
      <div
        class="table"
        role="table"
        aria-label="Gap changes between table A and table B"
        aria-rowcount=${(h??0)+1}
        aria-busy=${this.rows.loading}
        data-testid="compare-table"
        data-total=${h??""}
        data-loading=${this.rows.loading}
      >
        ${this.header(c?`${c.a.run}@${c.a.step}`:f,c?`${c.b.run}@${c.b.step}`:d)}
        ${h===null&&this.rows.loading?m`<div class="empty loading" data-testid="loading">Loading\u2026</div>`:x}
        ${h===0?m`<div class="empty" data-testid="compare-empty">No labels match the current filters in both tables.</div>`:x}
        ${Ci(this.rows,of,y=>this.renderRow(y))}
      </div>
    `}};mt.styles=[Z,Ai,D`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 8px 16px;
        align-items: center;
        margin-bottom: 6px;
      }
      .pickers label {
        display: inline-flex;
        gap: 6px;
        align-items: center;
        color: var(--muted);
      }
      .summary {
        color: var(--muted);
        margin-bottom: 6px;
      }
      .table {
        --cols: ${Un(af)};
      }
      .header {
        border-bottom: 1px solid var(--border);
      }
      .valuecell {
        display: grid;
        grid-template-columns: 1fr 3.6rem;
        gap: 4px;
        align-items: center;
      }
      .bar {
        position: relative;
        height: 10px;
        background: #f1f3f4;
        border-radius: 2px;
      }
      .bar .fill {
        position: absolute;
        top: 0;
        bottom: 0;
        border-radius: 2px;
      }
      .flag {
        color: #d55e00;
        text-align: center;
      }
    `],w([M({attribute:!1})],mt.prototype,"api",2),w([M({attribute:!1})],mt.prototype,"runs",2),w([M({attribute:!1})],mt.prototype,"state",2),w([M({attribute:!1})],mt.prototype,"info",2),w([M({attribute:!1})],mt.prototype,"flags",2),w([M({attribute:!1})],mt.prototype,"gapDomain",2),w([M({attribute:!1})],mt.prototype,"limits",2),mt=w([Q("tb-bias-compare")],mt)});var jt,Rl=b(()=>{"use strict";G();vt();wt();Ht();jt=class extends L{change(e){V(this,"state-change",e)}value(e){return e.target.value}onX1(e){let n=this.value(e),i=n===this.state.x2?this.state.x1:this.state.x2;this.change({x1:n,x2:i})}onSmoothing(e){let n=e.target,i=Number(n.value);if(n.value.trim()===""||!Number.isFinite(i)||i<0){n.value=String(this.state.smoothing);return}this.change({smoothing:i})}thresholdField(){let e=this.state,n=this.info.thresholds;return m`<label for="threshold">Threshold</label>
      <select
        id="threshold"
        data-testid="threshold-select"
        ?disabled=${n.length<2}
        @change=${i=>this.change({threshold:Number(this.value(i))})}
      >
        ${n.map((i,r)=>m`<option .value=${String(i)} .selected=${e.threshold===null?r===0:i===e.threshold}>${i}</option>`)}
      </select>`}smoothingField(){return m`<label for="smoothing">Smoothing</label>
      <input
        id="smoothing"
        data-testid="smoothing-input"
        type="number"
        min="0"
        step="0.5"
        .value=${String(this.state.smoothing)}
        aria-describedby="smoothing-help"
        @change=${this.onSmoothing}
      />
      <span id="smoothing-help" class="visually-hidden">
        Additive smoothing added to each cell of the two-by-two counts; 0 for none
      </span>`}render(){let e=this.state,n=this.info,i=this.runs.runs.filter(u=>u.tags.length>0),r=i.find(u=>u.run===e.run)?.tags??[],s=n.kind==="counts",o=n.steps.length?n.steps[n.steps.length-1]:void 0,a=this.runs.metrics,l=n.identities.filter(u=>u!==e.x1);return m`
      <div class="grid" role="group" aria-label="Table and metric">
        <label for="run">Run</label>
        <select id="run" data-testid="run-select" @change=${u=>this.change({run:this.value(u)})}>
          ${i.map(u=>m`<option .value=${u.run} .selected=${u.run===e.run}>${u.run}</option>`)}
        </select>

        <label for="tag">Table</label>
        <select id="tag" data-testid="tag-select" @change=${u=>this.change({tag:this.value(u)})}>
          ${r.map(u=>m`<option .value=${u.tag} .selected=${u.tag===e.tag}>${u.tag}</option>`)}
        </select>
        ${n.description?m`<p class="description">${n.description}</p>`:x}

        <label for="step">Step</label>
        <select
          id="step"
          data-testid="step-select"
          @change=${u=>{let h=this.value(u);this.change({step:h===""?null:Number(h)})}}
        >
          <option value="" .selected=${e.step===null}>latest${o===void 0?"":` (${o})`}</option>
          ${n.steps.map(u=>m`<option .value=${String(u)} .selected=${u===e.step}>${u}</option>`)}
        </select>

        ${s?this.thresholdField():x}

        <label for="metric">Metric</label>
        <select id="metric" data-testid="metric-select" @change=${u=>this.change({metric:this.value(u)})}>
          ${n.metrics.map(u=>m`<option .value=${u} .selected=${u===e.metric}>${a[u]?`${u} – ${a[u]}`:u}</option>`)}
        </select>

        <label for="x1">Identity</label>
        <select id="x1" data-testid="x1-select" @change=${this.onX1}>
          ${n.identities.map(u=>m`<option .value=${u} .selected=${u===e.x1}>${u}</option>`)}
        </select>

        <label for="x2">versus</label>
        <div class="pair">
          <select
            id="x2"
            data-testid="x2-select"
            ?disabled=${l.length===0}
            @change=${u=>this.change({x2:this.value(u)})}
          >
            ${l.length===0?m`<option value="">(only one identity)</option>`:x}
            ${l.map(u=>m`<option .value=${u} .selected=${u===e.x2}>${u}</option>`)}
            ${l.length>0?m`<option value="rest" .selected=${e.x2==="rest"}>the rest (one-vs-rest)</option>`:x}
          </select>
          <button
            type="button"
            data-testid="swap-pair"
            aria-label="Swap the two identities"
            title="Swap"
            ?disabled=${e.x2===null||e.x2==="rest"}
            @click=${()=>this.change({x1:e.x2,x2:e.x1})}
          >
            \u21c4
          </button>
        </div>

        ${s?this.smoothingField():x}
      </div>
    `}};jt.styles=[Z,D`
      .grid {
        display: grid;
        grid-template-columns: 5.5rem 1fr;
        gap: 6px 8px;
        align-items: center;
      }
      label {
        color: var(--muted);
      }
      select,
      input {
        width: 100%;
      }
      .pair {
        display: flex;
        gap: 4px;
        align-items: center;
      }
      .pair select {
        flex: 1;
      }
      .description {
        grid-column: 1 / -1;
        color: var(--muted);
        font-size: 12px;
        margin: 0;
        overflow-wrap: anywhere;
      }
    `],w([M({attribute:!1})],jt.prototype,"runs",2),w([M({attribute:!1})],jt.prototype,"state",2),w([M({attribute:!1})],jt.prototype,"info",2),jt=w([Q("tb-bias-controls")],jt)});function lf(t){return t}function uf(t){return"translate("+t+",0)"}function cf(t){return"translate(0,"+t+")"}function hf(t){return e=>+t(e)}function ff(t,e){return e=Math.max(0,t.bandwidth()-e*2)/2,t.round()&&(e=Math.round(e)),n=>+t(n)+e}function df(){return!this.__axis}function Tl(t,e){var n=[],i=null,r=null,s=6,o=6,a=3,l=typeof window<"u"&&window.devicePixelRatio>1?0:.5,u=t===ds||t===yn?-1:1,h=t===yn||t===ps?"x":"y",c=t===ds||t===ms?uf:cf;function f(d){var g=i??(e.ticks?e.ticks.apply(e,n):e.domain()),y=r??(e.tickFormat?e.tickFormat.apply(e,n):lf),p=Math.max(s,0)+a,_=e.range(),$=+_[0]+l,v=+_[_.length-1]+l,S=(e.bandwidth?ff:hf)(e.copy(),l),E=d.selection?d.selection():d,C=E.selectAll(".domain").data([null]),O=E.selectAll(".tick").data(g,e).order(),N=O.exit(),q=O.enter().append("g").attr("class","tick"),T=O.select("line"),I=O.select("text");C=C.merge(C.enter().insert("path",".tick").attr("class","domain").attr("stroke","currentColor")),O=O.merge(q),T=T.merge(q.append("line").attr("stroke","currentColor").attr(h+"2",u*s)),I=I.merge(q.append("text").attr("fill","currentColor").attr(h,u*p).attr("dy",t===ds?"0em":t===ms?"0.71em":"0.32em")),d!==E&&(C=C.transition(d),O=O.transition(d),T=T.transition(d),I=I.transition(d),N=N.transition(d).attr("opacity",Cl).attr("transform",function(k){return isFinite(k=S(k))?c(k+l):this.getAttribute("transform")}),q.attr("opacity",Cl).attr("transform",function(k){var A=this.parentNode.__axis;return c((A&&isFinite(A=A(k))?A:S(k))+l)})),N.remove(),C.attr("d",t===yn||t===ps?o?"M"+u*o+","+$+"H"+l+"V"+v+"H"+u*o:"M"+l+","+$+"V"+v:o?"M"+$+","+u*o+"V"+l+"H"+v+"V"+u*o:"M"+$+","+l+"H"+v),O.attr("opacity",1).attr("transform",function(k){return c(S(k)+l)}),T.attr(h+"2",u*s),I.attr(h,u*p).text(y),E.filter(df).attr("fill","none").attr("font-size",10).attr("font-family","sans-serif").attr("text-anchor",t===ps?"start":t===yn?"end":"middle"),E.each(function(){this.__axis=S})}return f.scale=function(d){return arguments.length?(e=d,f):e},f.ticks=function(){return n=Array.from(arguments),f},f.tickArguments=function(d){return arguments.length?(n=d==null?[]:Array.from(d),f):n.slice()},f.tickValues=function(d){return arguments.length?(i=d==null?null:Array.from(d),f):i&&i.slice()},f.tickFormat=function(d){return arguments.length?(r=d,f):r},f.tickSize=function(d){return arguments.length?(s=o=+d,f):s},f.tickSizeInner=function(d){return arguments.length?(s=+d,f):s},f.tickSizeOuter=function(d){return arguments.length?(o=+d,f):o},f.tickPadding=function(d){return arguments.length?(a=+d,f):a},f.offset=function(d){return arguments.length?(l=+d,f):l},f}function Al(t){return Tl(ms,t)}function Pl(t){return Tl(yn,t)}var ds,ps,ms,yn,Cl,gs=b(()=>{ds=1,ps=2,ms=3,yn=4,Cl=1e-6});function bn(){for(var t=0,e=arguments.length,n={},i;t<e;++t){if(!(i=arguments[t]+"")||i in n||/[\s.]/.test(i))throw new Error("illegal type: "+i);n[i]=[]}return new Pi(n)}function Pi(t){this._=t}function mf(t,e){return t.trim().split(/^|\s+/).map(function(n){var i="",r=n.indexOf(".");if(r>=0&&(i=n.slice(r+1),n=n.slice(0,r)),n&&!e.hasOwnProperty(n))throw new Error("unknown type: "+n);return{type:n,name:i}})}function gf(t,e){for(var n=0,i=t.length,r;n<i;++n)if((r=t[n]).name===e)return r.value}function Ol(t,e,n){for(var i=0,r=t.length;i<r;++i)if(t[i].name===e){t[i]=pf,t=t.slice(0,i).concat(t.slice(i+1));break}return n!=null&&t.push({name:e,value:n}),t}var pf,_s=b(()=>{pf={value:()=>{}};Pi.prototype=bn.prototype={constructor:Pi,on:function(t,e){var n=this._,i=mf(t+"",n),r,s=-1,o=i.length;if(arguments.length<2){for(;++s<o;)if((r=(t=i[s]).type)&&(r=gf(n[r],t.name)))return r;return}if(e!=null&&typeof e!="function")throw new Error("invalid callback: "+e);for(;++s<o;)if(r=(t=i[s]).type)n[r]=Ol(n[r],t.name,e);else if(e==null)for(r in n)n[r]=Ol(n[r],t.name,null);return this},copy:function(){var t={},e=this._;for(var n in e)t[n]=e[n].slice();return new Pi(t)},call:function(t,e){if((r=arguments.length-2)>0)for(var n=new Array(r),i=0,r,s;i<r;++i)n[i]=arguments[i+2];if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(s=this._[t],i=0,r=s.length;i<r;++i)s[i].value.apply(e,n)},apply:function(t,e,n){if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(var i=this._[t],r=0,s=i.length;r<s;++r)i[r].value.apply(e,n)}}});function vn(t){var e=t+="",n=e.indexOf(":");return n>=0&&(e=t.slice(0,n))!=="xmlns"&&(t=t.slice(n+1)),Nl.hasOwnProperty(e)?{space:Nl[e],local:t}:t}function _f(t){return function(){var e=this.ownerDocument,n=this.namespaceURI;return n===ys&&e.documentElement.namespaceURI===ys?e.createElement(t):e.createElementNS(n,t)}}function yf(t){return function(){return this.ownerDocument.createElementNS(t.space,t.local)}}function zl(t){var e=vn(t);return(e.local?yf:_f)(e)}function bf(){}function Ni(t){return t==null?bf:function(){return this.querySelector(t)}}function vf(t){typeof t!="function"&&(t=Ni(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=new Array(o),l,u,h=0;h<o;++h)(l=s[h])&&(u=t.call(l,l.__data__,h,s))&&("__data__"in l&&(u.__data__=l.__data__),a[h]=u);return new ht(i,this._parents)}function wf(t){return t==null?[]:Array.isArray(t)?t:Array.from(t)}function xf(){return[]}function vs(t){return t==null?xf:function(){return this.querySelectorAll(t)}}function $f(t){return function(){return wf(t.apply(this,arguments))}}function Sf(t){typeof t=="function"?t=$f(t):t=vs(t);for(var e=this._groups,n=e.length,i=[],r=[],s=0;s<n;++s)for(var o=e[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&(i.push(t.call(l,l.__data__,u,o)),r.push(l));return new ht(i,r)}function ws(t){return function(){return this.matches(t)}}function Il(t){return function(e){return e.matches(t)}}function Ef(t){return function(){return Mf.call(this.children,t)}}function kf(){return this.firstElementChild}function Rf(t){return this.select(t==null?kf:Ef(typeof t=="function"?t:Il(t)))}function Tf(){return Array.from(this.children)}function Af(t){return function(){return Cf.call(this.children,t)}}function Pf(t){return this.selectAll(t==null?Tf:Af(typeof t=="function"?t:Il(t)))}function Of(t){typeof t!="function"&&(t=ws(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new ht(i,this._parents)}function Ll(t){return new Array(t.length)}function Nf(){return new ht(this._enter||this._groups.map(Ll),this._parents)}function Oi(t,e){this.ownerDocument=t.ownerDocument,this.namespaceURI=t.namespaceURI,this._next=null,this._parent=t,this.__data__=e}function zf(t){return function(){return t}}function If(t,e,n,i,r,s){for(var o=0,a,l=e.length,u=s.length;o<u;++o)(a=e[o])?(a.__data__=s[o],i[o]=a):n[o]=new Oi(t,s[o]);for(;o<l;++o)(a=e[o])&&(r[o]=a)}function Lf(t,e,n,i,r,s,o){var a,l,u=new Map,h=e.length,c=s.length,f=new Array(h),d;for(a=0;a<h;++a)(l=e[a])&&(f[a]=d=o.call(l,l.__data__,a,e)+"",u.has(d)?r[a]=l:u.set(d,l));for(a=0;a<c;++a)d=o.call(t,s[a],a,s)+"",(l=u.get(d))?(i[a]=l,l.__data__=s[a],u.delete(d)):n[a]=new Oi(t,s[a]);for(a=0;a<h;++a)(l=e[a])&&u.get(f[a])===l&&(r[a]=l)}function Df(t){return t.__data__}function Ff(t,e){if(!arguments.length)return Array.from(this,Df);var n=e?Lf:If,i=this._parents,r=this._groups;typeof t!="function"&&(t=zf(t));for(var s=r.length,o=new Array(s),a=new Array(s),l=new Array(s),u=0;u<s;++u){var h=i[u],c=r[u],f=c.length,d=Hf(t.call(h,h&&h.__data__,u,i)),g=d.length,y=a[u]=new Array(g),p=o[u]=new Array(g),_=l[u]=new Array(f);n(h,c,y,p,_,d,e);for(var $=0,v=0,S,E;$<g;++$)if(S=y[$]){for($>=v&&(v=$+1);!(E=p[v])&&++v<g;);S._next=E||null}}return o=new ht(o,i),o._enter=a,o._exit=l,o}function Hf(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function Vf(){return new ht(this._exit||this._groups.map(Ll),this._parents)}function qf(t,e,n){var i=this.enter(),r=this,s=this.exit();return typeof t=="function"?(i=t(i),i&&(i=i.selection())):i=i.append(t+""),e!=null&&(r=e(r),r&&(r=r.selection())),n==null?s.remove():n(s),i&&r?i.merge(r).order():r}function Bf(t){for(var e=t.selection?t.selection():t,n=this._groups,i=e._groups,r=n.length,s=i.length,o=Math.min(r,s),a=new Array(r),l=0;l<o;++l)for(var u=n[l],h=i[l],c=u.length,f=a[l]=new Array(c),d,g=0;g<c;++g)(d=u[g]||h[g])&&(f[g]=d);for(;l<r;++l)a[l]=n[l];return new ht(a,this._parents)}function Uf(){for(var t=this._groups,e=-1,n=t.length;++e<n;)for(var i=t[e],r=i.length-1,s=i[r],o;--r>=0;)(o=i[r])&&(s&&o.compareDocumentPosition(s)^4&&s.parentNode.insertBefore(o,s),s=o);return this}function jf(t){t||(t=Wf);function e(c,f){return c&&f?t(c.__data__,f.__data__):!c-!f}for(var n=this._groups,i=n.length,r=new Array(i),s=0;s<i;++s){for(var o=n[s],a=o.length,l=r[s]=new Array(a),u,h=0;h<a;++h)(u=o[h])&&(l[h]=u);l.sort(e)}return new ht(r,this._parents).order()}function Wf(t,e){return t<e?-1:t>e?1:t>=e?0:NaN}function Kf(){var t=arguments[0];return arguments[0]=this,t.apply(null,arguments),this}function Xf(){return Array.from(this)}function Yf(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length;r<s;++r){var o=i[r];if(o)return o}return null}function Gf(){let t=0;for(let e of this)++t;return t}function Qf(){return!this.node()}function Zf(t){for(var e=this._groups,n=0,i=e.length;n<i;++n)for(var r=e[n],s=0,o=r.length,a;s<o;++s)(a=r[s])&&t.call(a,a.__data__,s,r);return this}function Jf(t){return function(){this.removeAttribute(t)}}function td(t){return function(){this.removeAttributeNS(t.space,t.local)}}function ed(t,e){return function(){this.setAttribute(t,e)}}function nd(t,e){return function(){this.setAttributeNS(t.space,t.local,e)}}function id(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttribute(t):this.setAttribute(t,n)}}function rd(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttributeNS(t.space,t.local):this.setAttributeNS(t.space,t.local,n)}}function sd(t,e){var n=vn(t);if(arguments.length<2){var i=this.node();return n.local?i.getAttributeNS(n.space,n.local):i.getAttribute(n)}return this.each((e==null?n.local?td:Jf:typeof e=="function"?n.local?rd:id:n.local?nd:ed)(n,e))}function Dl(t){return t.ownerDocument&&t.ownerDocument.defaultView||t.document&&t||t.defaultView}function od(t){return function(){this.style.removeProperty(t)}}function ad(t,e,n){return function(){this.style.setProperty(t,e,n)}}function ld(t,e,n){return function(){var i=e.apply(this,arguments);i==null?this.style.removeProperty(t):this.style.setProperty(t,i,n)}}function ud(t,e,n){return arguments.length>1?this.each((e==null?od:typeof e=="function"?ld:ad)(t,e,n??"")):le(this.node(),t)}function le(t,e){return t.style.getPropertyValue(e)||Dl(t).getComputedStyle(t,null).getPropertyValue(e)}function cd(t){return function(){delete this[t]}}function hd(t,e){return function(){this[t]=e}}function fd(t,e){return function(){var n=e.apply(this,arguments);n==null?delete this[t]:this[t]=n}}function dd(t,e){return arguments.length>1?this.each((e==null?cd:typeof e=="function"?fd:hd)(t,e)):this.node()[t]}function Fl(t){return t.trim().split(/^|\s+/)}function xs(t){return t.classList||new Hl(t)}function Hl(t){this._node=t,this._names=Fl(t.getAttribute("class")||"")}function Vl(t,e){for(var n=xs(t),i=-1,r=e.length;++i<r;)n.add(e[i])}function ql(t,e){for(var n=xs(t),i=-1,r=e.length;++i<r;)n.remove(e[i])}function pd(t){return function(){Vl(this,t)}}function md(t){return function(){ql(this,t)}}function gd(t,e){return function(){(e.apply(this,arguments)?Vl:ql)(this,t)}}function _d(t,e){var n=Fl(t+"");if(arguments.length<2){for(var i=xs(this.node()),r=-1,s=n.length;++r<s;)if(!i.contains(n[r]))return!1;return!0}return this.each((typeof e=="function"?gd:e?pd:md)(n,e))}function yd(){this.textContent=""}function bd(t){return function(){this.textContent=t}}function vd(t){return function(){var e=t.apply(this,arguments);this.textContent=e??""}}function wd(t){return arguments.length?this.each(t==null?yd:(typeof t=="function"?vd:bd)(t)):this.node().textContent}function xd(){this.innerHTML=""}function $d(t){return function(){this.innerHTML=t}}function Sd(t){return function(){var e=t.apply(this,arguments);this.innerHTML=e??""}}function Md(t){return arguments.length?this.each(t==null?xd:(typeof t=="function"?Sd:$d)(t)):this.node().innerHTML}function Ed(){this.nextSibling&&this.parentNode.appendChild(this)}function kd(){return this.each(Ed)}function Rd(){this.previousSibling&&this.parentNode.insertBefore(this,this.parentNode.firstChild)}function Cd(){return this.each(Rd)}function Td(t){var e=typeof t=="function"?t:zl(t);return this.select(function(){return this.appendChild(e.apply(this,arguments))})}function Ad(){return null}function Pd(t,e){var n=typeof t=="function"?t:zl(t),i=e==null?Ad:typeof e=="function"?e:Ni(e);return this.select(function(){return this.insertBefore(n.apply(this,arguments),i.apply(this,arguments)||null)})}function Od(){var t=this.parentNode;t&&t.removeChild(this)}function Nd(){return this.each(Od)}function zd(){var t=this.cloneNode(!1),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function Id(){var t=this.cloneNode(!0),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function Ld(t){return this.select(t?Id:zd)}function Dd(t){return arguments.length?this.property("__data__",t):this.node().__data__}function Fd(t){return function(e){t.call(this,e,this.__data__)}}function Hd(t){return t.trim().split(/^|\s+/).map(function(e){var n="",i=e.indexOf(".");return i>=0&&(n=e.slice(i+1),e=e.slice(0,i)),{type:e,name:n}})}function Vd(t){return function(){var e=this.__on;if(e){for(var n=0,i=-1,r=e.length,s;n<r;++n)s=e[n],(!t.type||s.type===t.type)&&s.name===t.name?this.removeEventListener(s.type,s.listener,s.options):e[++i]=s;++i?e.length=i:delete this.__on}}}function qd(t,e,n){return function(){var i=this.__on,r,s=Fd(e);if(i){for(var o=0,a=i.length;o<a;++o)if((r=i[o]).type===t.type&&r.name===t.name){this.removeEventListener(r.type,r.listener,r.options),this.addEventListener(r.type,r.listener=s,r.options=n),r.value=e;return}}this.addEventListener(t.type,s,n),r={type:t.type,name:t.name,value:e,listener:s,options:n},i?i.push(r):this.__on=[r]}}function Bd(t,e,n){var i=Hd(t+""),r,s=i.length,o;if(arguments.length<2){var a=this.node().__on;if(a){for(var l=0,u=a.length,h;l<u;++l)for(r=0,h=a[l];r<s;++r)if((o=i[r]).type===h.type&&o.name===h.name)return h.value}return}for(a=e?qd:Vd,r=0;r<s;++r)this.each(a(i[r],e,n));return this}function Bl(t,e,n){var i=Dl(t),r=i.CustomEvent;typeof r=="function"?r=new r(e,n):(r=i.document.createEvent("Event"),n?(r.initEvent(e,n.bubbles,n.cancelable),r.detail=n.detail):r.initEvent(e,!1,!1)),t.dispatchEvent(r)}function Ud(t,e){return function(){return Bl(this,t,e)}}function jd(t,e){return function(){return Bl(this,t,e.apply(this,arguments))}}function Wd(t,e){return this.each((typeof e=="function"?jd:Ud)(t,e))}function*Kd(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length,o;r<s;++r)(o=i[r])&&(yield o)}function ht(t,e){this._groups=t,this._parents=e}function ue(){return new ht([[document.documentElement]],Ul)}function Xd(){return this}function st(t){return typeof t=="string"?new ht([[document.querySelector(t)]],[document.documentElement]):new ht([[t]],Ul)}function Gd(){return new bs}function bs(){this._="@"+(++Yd).toString(36)}function Qd(t){let e;for(;e=t.sourceEvent;)t=e;return t}function zi(t,e){if(t=Qd(t),e===void 0&&(e=t.currentTarget),e){var n=e.ownerSVGElement||e;if(n.createSVGPoint){var i=n.createSVGPoint();return i.x=t.clientX,i.y=t.clientY,i=i.matrixTransform(e.getScreenCTM().inverse()),[i.x,i.y]}if(e.getBoundingClientRect){var r=e.getBoundingClientRect();return[t.clientX-r.left-e.clientLeft,t.clientY-r.top-e.clientTop]}}return[t.pageX,t.pageY]}var ys,Nl,Mf,Cf,Ul,Yd,ke=b(()=>{ys="http://www.w3.org/1999/xhtml",Nl={svg:"http://www.w3.org/2000/svg",xhtml:ys,xlink:"http://www.w3.org/1999/xlink",xml:"http://www.w3.org/XML/1998/namespace",xmlns:"http://www.w3.org/2000/xmlns/"};Mf=Array.prototype.find;Cf=Array.prototype.filter;Oi.prototype={constructor:Oi,appendChild:function(t){return this._parent.insertBefore(t,this._next)},insertBefore:function(t,e){return this._parent.insertBefore(t,e)},querySelector:function(t){return this._parent.querySelector(t)},querySelectorAll:function(t){return this._parent.querySelectorAll(t)}};Hl.prototype={add:function(t){var e=this._names.indexOf(t);e<0&&(this._names.push(t),this._node.setAttribute("class",this._names.join(" ")))},remove:function(t){var e=this._names.indexOf(t);e>=0&&(this._names.splice(e,1),this._node.setAttribute("class",this._names.join(" ")))},contains:function(t){return this._names.indexOf(t)>=0}};Ul=[null];ht.prototype=ue.prototype={constructor:ht,select:vf,selectAll:Sf,selectChild:Rf,selectChildren:Pf,filter:Of,data:Ff,enter:Nf,exit:Vf,join:qf,merge:Bf,selection:Xd,order:Uf,sort:jf,call:Kf,nodes:Xf,node:Yf,size:Gf,empty:Qf,each:Zf,attr:sd,style:ud,property:dd,classed:_d,text:wd,html:Md,raise:kd,lower:Cd,append:Td,insert:Pd,remove:Nd,clone:Ld,datum:Dd,on:Bd,dispatch:Wd,[Symbol.iterator]:Kd};Yd=0;bs.prototype=Gd.prototype={constructor:bs,get:function(t){for(var e=this._;!(e in t);)if(!(t=t.parentNode))return;return t[e]},set:function(t,e){return t[this._]=e},remove:function(t){return this._ in t&&delete t[this._]},toString:function(){return this._}}});function Ss(t){t.preventDefault(),t.stopImmediatePropagation()}function jl(t){var e=t.document.documentElement,n=st(t).on("dragstart.drag",Ss,$s);"onselectstart"in e?n.on("selectstart.drag",Ss,$s):(e.__noselect=e.style.MozUserSelect,e.style.MozUserSelect="none")}function Wl(t,e){var n=t.document.documentElement,i=st(t).on("dragstart.drag",null);e&&(i.on("click.drag",Ss,$s),setTimeout(function(){i.on("click.drag",null)},0)),"onselectstart"in n?i.on("selectstart.drag",null):(n.style.MozUserSelect=n.__noselect,delete n.__noselect)}function Zd(t,{sourceEvent:e,subject:n,target:i,identifier:r,active:s,x:o,y:a,dx:l,dy:u,dispatch:h}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},subject:{value:n,enumerable:!0,configurable:!0},target:{value:i,enumerable:!0,configurable:!0},identifier:{value:r,enumerable:!0,configurable:!0},active:{value:s,enumerable:!0,configurable:!0},x:{value:o,enumerable:!0,configurable:!0},y:{value:a,enumerable:!0,configurable:!0},dx:{value:l,enumerable:!0,configurable:!0},dy:{value:u,enumerable:!0,configurable:!0},_:{value:h}})}var $s,Kl=b(()=>{ke();$s={capture:!0,passive:!1};Zd.prototype.on=function(){var t=this._.on.apply(this._,arguments);return t===this._?this:t}});function Ae(t,e,n){t.prototype=e.prototype=n,n.constructor=t}function $n(t,e){var n=Object.create(t.prototype);for(var i in e)n[i]=e[i];return n}function Wt(){}function Yl(){return this.rgb().formatHex()}function op(){return this.rgb().formatHex8()}function ap(){return su(this).formatHsl()}function Gl(){return this.rgb().formatRgb()}function Pt(t){var e,n;return t=(t+"").trim().toLowerCase(),(e=Jd.exec(t))?(n=e[1].length,e=parseInt(e[1],16),n===6?Ql(e):n===3?new J(e>>8&15|e>>4&240,e>>4&15|e&240,(e&15)<<4|e&15,1):n===8?Ii(e>>24&255,e>>16&255,e>>8&255,(e&255)/255):n===4?Ii(e>>12&15|e>>8&240,e>>8&15|e>>4&240,e>>4&15|e&240,((e&15)<<4|e&15)/255):null):(e=tp.exec(t))?new J(e[1],e[2],e[3],1):(e=ep.exec(t))?new J(e[1]*255/100,e[2]*255/100,e[3]*255/100,1):(e=np.exec(t))?Ii(e[1],e[2],e[3],e[4]):(e=ip.exec(t))?Ii(e[1]*255/100,e[2]*255/100,e[3]*255/100,e[4]):(e=rp.exec(t))?tu(e[1],e[2]/100,e[3]/100,1):(e=sp.exec(t))?tu(e[1],e[2]/100,e[3]/100,e[4]):Xl.hasOwnProperty(t)?Ql(Xl[t]):t==="transparent"?new J(NaN,NaN,NaN,0):null}function Ql(t){return new J(t>>16&255,t>>8&255,t&255,1)}function Ii(t,e,n,i){return i<=0&&(t=e=n=NaN),new J(t,e,n,i)}function Ts(t){return t instanceof Wt||(t=Pt(t)),t?(t=t.rgb(),new J(t.r,t.g,t.b,t.opacity)):new J}function Sn(t,e,n,i){return arguments.length===1?Ts(t):new J(t,e,n,i??1)}function J(t,e,n,i){this.r=+t,this.g=+e,this.b=+n,this.opacity=+i}function Zl(){return`#${ce(this.r)}${ce(this.g)}${ce(this.b)}`}function lp(){return`#${ce(this.r)}${ce(this.g)}${ce(this.b)}${ce((isNaN(this.opacity)?1:this.opacity)*255)}`}function Jl(){let t=Di(this.opacity);return`${t===1?"rgb(":"rgba("}${he(this.r)}, ${he(this.g)}, ${he(this.b)}${t===1?")":`, ${t})`}`}function Di(t){return isNaN(t)?1:Math.max(0,Math.min(1,t))}function he(t){return Math.max(0,Math.min(255,Math.round(t)||0))}function ce(t){return t=he(t),(t<16?"0":"")+t.toString(16)}function tu(t,e,n,i){return i<=0?t=e=n=NaN:n<=0||n>=1?t=e=NaN:e<=0&&(t=NaN),new _t(t,e,n,i)}function su(t){if(t instanceof _t)return new _t(t.h,t.s,t.l,t.opacity);if(t instanceof Wt||(t=Pt(t)),!t)return new _t;if(t instanceof _t)return t;t=t.rgb();var e=t.r/255,n=t.g/255,i=t.b/255,r=Math.min(e,n,i),s=Math.max(e,n,i),o=NaN,a=s-r,l=(s+r)/2;return a?(e===s?o=(n-i)/a+(n<i)*6:n===s?o=(i-e)/a+2:o=(e-n)/a+4,a/=l<.5?s+r:2-s-r,o*=60):a=l>0&&l<1?0:o,new _t(o,a,l,t.opacity)}function Hi(t,e,n,i){return arguments.length===1?su(t):new _t(t,e,n,i??1)}function _t(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}function eu(t){return t=(t||0)%360,t<0?t+360:t}function Li(t){return Math.max(0,Math.min(1,t||0))}function Ms(t,e,n){return(t<60?e+(n-e)*t/60:t<180?n:t<240?e+(n-e)*(240-t)/60:e)*255}function du(t){if(t instanceof St)return new St(t.l,t.a,t.b,t.opacity);if(t instanceof At)return mu(t);t instanceof J||(t=Ts(t));var e=Cs(t.r),n=Cs(t.g),i=Cs(t.b),r=Es((.2225045*e+.7168786*n+.0606169*i)/uu),s,o;return e===n&&n===i?s=o=r:(s=Es((.4360747*e+.3850649*n+.1430804*i)/lu),o=Es((.0139322*e+.0971045*n+.7141733*i)/cu)),new St(116*r-16,500*(s-r),200*(r-o),t.opacity)}function pu(t,e,n,i){return arguments.length===1?du(t):new St(t,e,n,i??1)}function St(t,e,n,i){this.l=+t,this.a=+e,this.b=+n,this.opacity=+i}function Es(t){return t>up?Math.pow(t,1/3):t/fu+hu}function ks(t){return t>Ce?t*t*t:fu*(t-hu)}function Rs(t){return 255*(t<=.0031308?12.92*t:1.055*Math.pow(t,1/2.4)-.055)}function Cs(t){return(t/=255)<=.04045?t/12.92:Math.pow((t+.055)/1.055,2.4)}function cp(t){if(t instanceof At)return new At(t.h,t.c,t.l,t.opacity);if(t instanceof St||(t=du(t)),t.a===0&&t.b===0)return new At(NaN,0<t.l&&t.l<100?0:NaN,t.l,t.opacity);var e=Math.atan2(t.b,t.a)*au;return new At(e<0?e+360:e,Math.sqrt(t.a*t.a+t.b*t.b),t.l,t.opacity)}function Vi(t,e,n,i){return arguments.length===1?cp(t):new At(t,e,n,i??1)}function At(t,e,n,i){this.h=+t,this.c=+e,this.l=+n,this.opacity=+i}function mu(t){if(isNaN(t.h))return new St(t.l,0,0,t.opacity);var e=t.h*ou;return new St(t.l,Math.cos(e)*t.c,Math.sin(e)*t.c,t.opacity)}function hp(t){if(t instanceof fe)return new fe(t.h,t.s,t.l,t.opacity);t instanceof J||(t=Ts(t));var e=t.r/255,n=t.g/255,i=t.b/255,r=(ru*i+nu*e-iu*n)/(ru+nu-iu),s=i-r,o=(xn*(n-r)-Ps*s)/qi,a=Math.sqrt(o*o+s*s)/(xn*r*(1-r)),l=a?Math.atan2(o,s)*au-120:NaN;return new fe(l<0?l+360:l,a,r,t.opacity)}function Bi(t,e,n,i){return arguments.length===1?hp(t):new fe(t,e,n,i??1)}function fe(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}var de,Te,Re,wn,$t,Jd,tp,ep,np,ip,rp,sp,Xl,ou,au,Fi,lu,uu,cu,hu,Ce,fu,up,gu,As,Ps,qi,xn,nu,iu,ru,Os=b(()=>{de=.7,Te=1/de,Re="\\s*([+-]?\\d+)\\s*",wn="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)\\s*",$t="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)%\\s*",Jd=/^#([0-9a-f]{3,8})$/,tp=new RegExp(`^rgb\\(${Re},${Re},${Re}\\)$`),ep=new RegExp(`^rgb\\(${$t},${$t},${$t}\\)$`),np=new RegExp(`^rgba\\(${Re},${Re},${Re},${wn}\\)$`),ip=new RegExp(`^rgba\\(${$t},${$t},${$t},${wn}\\)$`),rp=new RegExp(`^hsl\\(${wn},${$t},${$t}\\)$`),sp=new RegExp(`^hsla\\(${wn},${$t},${$t},${wn}\\)$`),Xl={aliceblue:15792383,antiquewhite:16444375,aqua:65535,aquamarine:8388564,azure:15794175,beige:16119260,bisque:16770244,black:0,blanchedalmond:16772045,blue:255,blueviolet:9055202,brown:10824234,burlywood:14596231,cadetblue:6266528,chartreuse:8388352,chocolate:13789470,coral:16744272,cornflowerblue:6591981,cornsilk:16775388,crimson:14423100,cyan:65535,darkblue:139,darkcyan:35723,darkgoldenrod:12092939,darkgray:11119017,darkgreen:25600,darkgrey:11119017,darkkhaki:12433259,darkmagenta:9109643,darkolivegreen:5597999,darkorange:16747520,darkorchid:10040012,darkred:9109504,darksalmon:15308410,darkseagreen:9419919,darkslateblue:4734347,darkslategray:3100495,darkslategrey:3100495,darkturquoise:52945,darkviolet:9699539,deeppink:16716947,deepskyblue:49151,dimgray:6908265,dimgrey:6908265,dodgerblue:2003199,firebrick:11674146,floralwhite:16775920,forestgreen:2263842,fuchsia:16711935,gainsboro:14474460,ghostwhite:16316671,gold:16766720,goldenrod:14329120,gray:8421504,green:32768,greenyellow:11403055,grey:8421504,honeydew:15794160,hotpink:16738740,indianred:13458524,indigo:4915330,ivory:16777200,khaki:15787660,lavender:15132410,lavenderblush:16773365,lawngreen:8190976,lemonchiffon:16775885,lightblue:11393254,lightcoral:15761536,lightcyan:14745599,lightgoldenrodyellow:16448210,lightgray:13882323,lightgreen:9498256,lightgrey:13882323,lightpink:16758465,lightsalmon:16752762,lightseagreen:2142890,lightskyblue:8900346,lightslategray:7833753,lightslategrey:7833753,lightsteelblue:11584734,lightyellow:16777184,lime:65280,limegreen:3329330,linen:16445670,magenta:16711935,maroon:8388608,mediumaquamarine:6737322,mediumblue:205,mediumorchid:12211667,mediumpurple:9662683,mediumseagreen:3978097,mediumslateblue:8087790,mediumspringgreen:64154,mediumturquoise:4772300,mediumvioletred:13047173,midnightblue:1644912,mintcream:16121850,mistyrose:16770273,moccasin:16770229,navajowhite:16768685,navy:128,oldlace:16643558,olive:8421376,olivedrab:7048739,orange:16753920,orangered:16729344,orchid:14315734,palegoldenrod:15657130,palegreen:10025880,paleturquoise:11529966,palevioletred:14381203,papayawhip:16773077,peachpuff:16767673,peru:13468991,pink:16761035,plum:14524637,powderblue:11591910,purple:8388736,rebeccapurple:6697881,red:16711680,rosybrown:12357519,royalblue:4286945,saddlebrown:9127187,salmon:16416882,sandybrown:16032864,seagreen:3050327,seashell:16774638,sienna:10506797,silver:12632256,skyblue:8900331,slateblue:6970061,slategray:7372944,slategrey:7372944,snow:16775930,springgreen:65407,steelblue:4620980,tan:13808780,teal:32896,thistle:14204888,tomato:16737095,turquoise:4251856,violet:15631086,wheat:16113331,white:16777215,whitesmoke:16119285,yellow:16776960,yellowgreen:10145074};Ae(Wt,Pt,{copy(t){return Object.assign(new this.constructor,this,t)},displayable(){return this.rgb().displayable()},hex:Yl,formatHex:Yl,formatHex8:op,formatHsl:ap,formatRgb:Gl,toString:Gl});Ae(J,Sn,$n(Wt,{brighter(t){return t=t==null?Te:Math.pow(Te,t),new J(this.r*t,this.g*t,this.b*t,this.opacity)},darker(t){return t=t==null?de:Math.pow(de,t),new J(this.r*t,this.g*t,this.b*t,this.opacity)},rgb(){return this},clamp(){return new J(he(this.r),he(this.g),he(this.b),Di(this.opacity))},displayable(){return-.5<=this.r&&this.r<255.5&&-.5<=this.g&&this.g<255.5&&-.5<=this.b&&this.b<255.5&&0<=this.opacity&&this.opacity<=1},hex:Zl,formatHex:Zl,formatHex8:lp,formatRgb:Jl,toString:Jl}));Ae(_t,Hi,$n(Wt,{brighter(t){return t=t==null?Te:Math.pow(Te,t),new _t(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?de:Math.pow(de,t),new _t(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=this.h%360+(this.h<0)*360,e=isNaN(t)||isNaN(this.s)?0:this.s,n=this.l,i=n+(n<.5?n:1-n)*e,r=2*n-i;return new J(Ms(t>=240?t-240:t+120,r,i),Ms(t,r,i),Ms(t<120?t+240:t-120,r,i),this.opacity)},clamp(){return new _t(eu(this.h),Li(this.s),Li(this.l),Di(this.opacity))},displayable(){return(0<=this.s&&this.s<=1||isNaN(this.s))&&0<=this.l&&this.l<=1&&0<=this.opacity&&this.opacity<=1},formatHsl(){let t=Di(this.opacity);return`${t===1?"hsl(":"hsla("}${eu(this.h)}, ${Li(this.s)*100}%, ${Li(this.l)*100}%${t===1?")":`, ${t})`}`}}));ou=Math.PI/180,au=180/Math.PI,Fi=18,lu=.96422,uu=1,cu=.82521,hu=4/29,Ce=6/29,fu=3*Ce*Ce,up=Ce*Ce*Ce;Ae(St,pu,$n(Wt,{brighter(t){return new St(this.l+Fi*(t??1),this.a,this.b,this.opacity)},darker(t){return new St(this.l-Fi*(t??1),this.a,this.b,this.opacity)},rgb(){var t=(this.l+16)/116,e=isNaN(this.a)?t:t+this.a/500,n=isNaN(this.b)?t:t-this.b/200;return e=lu*ks(e),t=uu*ks(t),n=cu*ks(n),new J(Rs(3.1338561*e-1.6168667*t-.4906146*n),Rs(-.9787684*e+1.9161415*t+.033454*n),Rs(.0719453*e-.2289914*t+1.4052427*n),this.opacity)}}));Ae(At,Vi,$n(Wt,{brighter(t){return new At(this.h,this.c,this.l+Fi*(t??1),this.opacity)},darker(t){return new At(this.h,this.c,this.l-Fi*(t??1),this.opacity)},rgb(){return mu(this).rgb()}}));gu=-.14861,As=1.78277,Ps=-.29227,qi=-.90649,xn=1.97294,nu=xn*qi,iu=xn*As,ru=As*Ps-qi*gu;Ae(fe,Bi,$n(Wt,{brighter(t){return t=t==null?Te:Math.pow(Te,t),new fe(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?de:Math.pow(de,t),new fe(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=isNaN(this.h)?0:(this.h+120)*ou,e=+this.l,n=isNaN(this.s)?0:this.s*e*(1-e),i=Math.cos(t),r=Math.sin(t);return new J(255*(e+n*(gu*i+As*r)),255*(e+n*(Ps*i+qi*r)),255*(e+n*(xn*i)),this.opacity)}}))});function bu(t,e,n,i,r){var s=t*t,o=s*t;return((1-3*t+3*s-o)*e+(4-6*s+3*o)*n+(1+3*t+3*s-3*o)*i+o*r)/6}function fp(t){var e=t.length-1;return function(n){var i=n<=0?n=0:n>=1?(n=1,e-1):Math.floor(n*e),r=t[i],s=t[i+1],o=i>0?t[i-1]:2*r-s,a=i<e-1?t[i+2]:2*s-r;return bu((n-i/e)*e,o,r,s,a)}}function dp(t){var e=t.length;return function(n){var i=Math.floor(((n%=1)<0?++n:n)*e),r=t[(i+e-1)%e],s=t[i%e],o=t[(i+1)%e],a=t[(i+2)%e];return bu((n-i/e)*e,r,s,o,a)}}function vu(t,e){return function(n){return t+n*e}}function pp(t,e,n){return t=Math.pow(t,n),e=Math.pow(e,n)-t,n=1/n,function(i){return Math.pow(t+i*e,n)}}function Ls(t,e){var n=e-t;return n?vu(t,n>180||n<-180?n-360*Math.round(n/360):n):ji(isNaN(t)?e:t)}function mp(t){return(t=+t)==1?at:function(e,n){return n-e?pp(e,n,t):ji(isNaN(e)?n:e)}}function at(t,e){var n=e-t;return n?vu(t,n):ji(isNaN(t)?e:t)}function wu(t){return function(e){var n=e.length,i=new Array(n),r=new Array(n),s=new Array(n),o,a;for(o=0;o<n;++o)a=Sn(e[o]),i[o]=a.r||0,r[o]=a.g||0,s[o]=a.b||0;return i=t(i),r=t(r),s=t(s),a.opacity=1,function(l){return a.r=i(l),a.g=r(l),a.b=s(l),a+""}}}function gp(t,e){e||(e=[]);var n=t?Math.min(e.length,t.length):0,i=e.slice(),r;return function(s){for(r=0;r<n;++r)i[r]=t[r]*(1-s)+e[r]*s;return i}}function _p(t){return ArrayBuffer.isView(t)&&!(t instanceof DataView)}function yp(t,e){var n=e?e.length:0,i=t?Math.min(n,t.length):0,r=new Array(i),s=new Array(n),o;for(o=0;o<i;++o)r[o]=Pe(t[o],e[o]);for(;o<n;++o)s[o]=e[o];return function(a){for(o=0;o<i;++o)s[o]=r[o](a);return s}}function bp(t,e){var n=new Date;return t=+t,e=+e,function(i){return n.setTime(t*(1-i)+e*i),n}}function ft(t,e){return t=+t,e=+e,function(n){return t*(1-n)+e*n}}function vp(t,e){var n={},i={},r;(t===null||typeof t!="object")&&(t={}),(e===null||typeof e!="object")&&(e={});for(r in e)r in t?n[r]=Pe(t[r],e[r]):i[r]=e[r];return function(s){for(r in n)i[r]=n[r](s);return i}}function wp(t){return function(){return t}}function xp(t){return function(e){return t(e)+""}}function Ds(t,e){var n=zs.lastIndex=Ns.lastIndex=0,i,r,s,o=-1,a=[],l=[];for(t=t+"",e=e+"";(i=zs.exec(t))&&(r=Ns.exec(e));)(s=r.index)>n&&(s=e.slice(n,s),a[o]?a[o]+=s:a[++o]=s),(i=i[0])===(r=r[0])?a[o]?a[o]+=r:a[++o]=r:(a[++o]=null,l.push({i:o,x:ft(i,r)})),n=Ns.lastIndex;return n<e.length&&(s=e.slice(n),a[o]?a[o]+=s:a[++o]=s),a.length<2?l[0]?xp(l[0].x):wp(e):(e=l.length,function(u){for(var h=0,c;h<e;++h)a[(c=l[h]).i]=c.x(u);return a.join("")})}function Pe(t,e){var n=typeof e,i;return e==null||n==="boolean"?ji(e):(n==="number"?ft:n==="string"?(i=Pt(e))?(e=i,Mn):Ds:e instanceof Pt?Mn:e instanceof Date?bp:_p(e)?gp:Array.isArray(e)?yp:typeof e.valueOf!="function"&&typeof e.toString!="function"||isNaN(e)?vp:ft)(t,e)}function xu(t,e){return t=+t,e=+e,function(n){return Math.round(t*(1-n)+e*n)}}function $u(t,e,n,i,r,s){var o,a,l;return(o=Math.sqrt(t*t+e*e))&&(t/=o,e/=o),(l=t*n+e*i)&&(n-=t*l,i-=e*l),(a=Math.sqrt(n*n+i*i))&&(n/=a,i/=a,l/=a),t*i<e*n&&(t=-t,e=-e,l=-l,o=-o),{translateX:r,translateY:s,rotate:Math.atan2(e,t)*_u,skewX:Math.atan(l)*_u,scaleX:o,scaleY:a}}function $p(t){let e=new(typeof DOMMatrix=="function"?DOMMatrix:WebKitCSSMatrix)(t+"");return e.isIdentity?Is:$u(e.a,e.b,e.c,e.d,e.e,e.f)}function Sp(t){return t==null||(Ui||(Ui=document.createElementNS("http://www.w3.org/2000/svg","g")),Ui.setAttribute("transform",t),!(t=Ui.transform.baseVal.consolidate()))?Is:(t=t.matrix,$u(t.a,t.b,t.c,t.d,t.e,t.f))}function Su(t,e,n,i){function r(u){return u.length?u.pop()+" ":""}function s(u,h,c,f,d,g){if(u!==c||h!==f){var y=d.push("translate(",null,e,null,n);g.push({i:y-4,x:ft(u,c)},{i:y-2,x:ft(h,f)})}else(c||f)&&d.push("translate("+c+e+f+n)}function o(u,h,c,f){u!==h?(u-h>180?h+=360:h-u>180&&(u+=360),f.push({i:c.push(r(c)+"rotate(",null,i)-2,x:ft(u,h)})):h&&c.push(r(c)+"rotate("+h+i)}function a(u,h,c,f){u!==h?f.push({i:c.push(r(c)+"skewX(",null,i)-2,x:ft(u,h)}):h&&c.push(r(c)+"skewX("+h+i)}function l(u,h,c,f,d,g){if(u!==c||h!==f){var y=d.push(r(d)+"scale(",null,",",null,")");g.push({i:y-4,x:ft(u,c)},{i:y-2,x:ft(h,f)})}else(c!==1||f!==1)&&d.push(r(d)+"scale("+c+","+f+")")}return function(u,h){var c=[],f=[];return u=t(u),h=t(h),s(u.translateX,u.translateY,h.translateX,h.translateY,c,f),o(u.rotate,h.rotate,c,f),a(u.skewX,h.skewX,c,f),l(u.scaleX,u.scaleY,h.scaleX,h.scaleY,c,f),u=h=null,function(d){for(var g=-1,y=f.length,p;++g<y;)c[(p=f[g]).i]=p.x(d);return c.join("")}}}function yu(t){return((t=Math.exp(t))+1/t)/2}function Ep(t){return((t=Math.exp(t))-1/t)/2}function kp(t){return((t=Math.exp(2*t))-1)/(t+1)}function ku(t){return function(e,n){var i=t((e=Hi(e)).h,(n=Hi(n)).h),r=at(e.s,n.s),s=at(e.l,n.l),o=at(e.opacity,n.opacity);return function(a){return e.h=i(a),e.s=r(a),e.l=s(a),e.opacity=o(a),e+""}}}function Ru(t){return function(e,n){var i=t((e=Vi(e)).h,(n=Vi(n)).h),r=at(e.c,n.c),s=at(e.l,n.l),o=at(e.opacity,n.opacity);return function(a){return e.h=i(a),e.c=r(a),e.l=s(a),e.opacity=o(a),e+""}}}function Cu(t){return(function e(n){n=+n;function i(r,s){var o=t((r=Bi(r)).h,(s=Bi(s)).h),a=at(r.s,s.s),l=at(r.l,s.l),u=at(r.opacity,s.opacity);return function(h){return r.h=o(h),r.s=a(h),r.l=l(Math.pow(h,n)),r.opacity=u(h),r+""}}return i.gamma=e,i})(1)}var ji,Mn,h0,f0,zs,Ns,_u,Is,Ui,Mu,Eu,Mp,d0,p0,m0,g0,_0,y0,b0,Wi=b(()=>{Os();ji=t=>()=>t;Mn=(function t(e){var n=mp(e);function i(r,s){var o=n((r=Sn(r)).r,(s=Sn(s)).r),a=n(r.g,s.g),l=n(r.b,s.b),u=at(r.opacity,s.opacity);return function(h){return r.r=o(h),r.g=a(h),r.b=l(h),r.opacity=u(h),r+""}}return i.gamma=t,i})(1);h0=wu(fp),f0=wu(dp);zs=/[-+]?(?:\d+\.?\d*|\.?\d+)(?:[eE][-+]?\d+)?/g,Ns=new RegExp(zs.source,"g");_u=180/Math.PI,Is={translateX:0,translateY:0,rotate:0,skewX:0,scaleX:1,scaleY:1};Mu=Su($p,"px, ","px)","deg)"),Eu=Su(Sp,", ",")",")"),Mp=1e-12;d0=(function t(e,n,i){function r(s,o){var a=s[0],l=s[1],u=s[2],h=o[0],c=o[1],f=o[2],d=h-a,g=c-l,y=d*d+g*g,p,_;if(y<Mp)_=Math.log(f/u)/e,p=function(O){return[a+O*d,l+O*g,u*Math.exp(e*O*_)]};else{var $=Math.sqrt(y),v=(f*f-u*u+i*y)/(2*u*n*$),S=(f*f-u*u-i*y)/(2*f*n*$),E=Math.log(Math.sqrt(v*v+1)-v),C=Math.log(Math.sqrt(S*S+1)-S);_=(C-E)/e,p=function(O){var N=O*_,q=yu(E),T=u/(n*$)*(q*kp(e*N+E)-Ep(E));return[a+T*d,l+T*g,u*q/yu(e*N+E)]}}return p.duration=Math.abs(_)*1e3*e/Math.SQRT2,p}return r.rho=function(s){var o=Math.max(.001,+s),a=o*o,l=a*a;return t(o,a,l)},r})(Math.SQRT2,2,4);p0=ku(Ls),m0=ku(at);g0=Ru(Ls),_0=Ru(at);y0=Cu(Ls),b0=Cu(at)});function Qi(){return pe||(Pu(Rp),pe=Cn.now()+Gi)}function Rp(){pe=0}function Yi(){this._call=this._time=this._next=null}function Hs(t,e,n){var i=new Yi;return i.restart(t,e,n),i}function Cp(){Qi(),++Oe;for(var t=Ki,e;t;)(e=pe-t._time)>=0&&t._call.call(void 0,e),t=t._next;--Oe}function Tu(){pe=(Xi=Cn.now())+Gi,Oe=kn=0;try{Cp()}finally{Oe=0,Ap(),pe=0}}function Tp(){var t=Cn.now(),e=t-Xi;e>Au&&(Gi-=e,Xi=t)}function Ap(){for(var t,e=Ki,n,i=1/0;e;)e._call?(i>e._time&&(i=e._time),t=e,e=e._next):(n=e._next,e._next=null,e=t?t._next=n:Ki=n);Rn=t,Fs(i)}function Fs(t){if(!Oe){kn&&(kn=clearTimeout(kn));var e=t-pe;e>24?(t<1/0&&(kn=setTimeout(Tu,Math.ceil(t-Cn.now()-Gi)+1)),En&&(En=clearInterval(En))):(En||(Xi=Cn.now(),En=setInterval(Tp,Au)),Oe=1,Pu(Tu))}}function Vs(t,e,n){var i=new Yi;return e=e==null?0:+e,i.restart(r=>{i.stop(),t(r+e)},e,n),i}var Oe,kn,En,Au,Ki,Rn,Xi,pe,Gi,Cn,Pu,Ou=b(()=>{Oe=0,kn=0,En=0,Au=1e3,Xi=0,pe=0,Gi=0,Cn=typeof performance=="object"&&performance.now?performance:Date,Pu=typeof window=="object"&&window.requestAnimationFrame?window.requestAnimationFrame.bind(window):function(t){setTimeout(t,17)};Yi.prototype=Hs.prototype={constructor:Yi,restart:function(t,e,n){if(typeof t!="function")throw new TypeError("callback is not a function");n=(n==null?Qi():+n)+(e==null?0:+e),!this._next&&Rn!==this&&(Rn?Rn._next=this:Ki=this,Rn=this),this._call=t,this._time=n,Fs()},stop:function(){this._call&&(this._call=null,this._time=1/0,Fs())}}});function zu(t){return((t*=2)<=1?t*t*t:(t-=2)*t*t+2)/2}function Zi(t){return(Math.pow(2,-10*t)-.0009765625)*1.0009775171065494}var qs,x0,$0,S0,Pp,M0,Nu,E0,k0,R0,C0,T0,A0,P0,O0,N0,Bs,z0,I0,L0,Ne,Us,js,D0,F0,H0,Iu=b(()=>{qs=3,x0=(function t(e){e=+e;function n(i){return Math.pow(i,e)}return n.exponent=t,n})(qs),$0=(function t(e){e=+e;function n(i){return 1-Math.pow(1-i,e)}return n.exponent=t,n})(qs),S0=(function t(e){e=+e;function n(i){return((i*=2)<=1?Math.pow(i,e):2-Math.pow(2-i,e))/2}return n.exponent=t,n})(qs),Pp=Math.PI,M0=Pp/2;Nu=4/11,E0=6/11,k0=8/11,R0=3/4,C0=9/11,T0=10/11,A0=15/16,P0=21/22,O0=63/64,N0=1/Nu/Nu,Bs=1.70158,z0=(function t(e){e=+e;function n(i){return(i=+i)*i*(e*(i-1)+i)}return n.overshoot=t,n})(Bs),I0=(function t(e){e=+e;function n(i){return--i*i*((i+1)*e+i)+1}return n.overshoot=t,n})(Bs),L0=(function t(e){e=+e;function n(i){return((i*=2)<1?i*i*((e+1)*i-e):(i-=2)*i*((e+1)*i+e)+2)/2}return n.overshoot=t,n})(Bs),Ne=2*Math.PI,Us=1,js=.3,D0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=Ne);function r(s){return e*Zi(- --s)*Math.sin((i-s)/n)}return r.amplitude=function(s){return t(s,n*Ne)},r.period=function(s){return t(e,s)},r})(Us,js),F0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=Ne);function r(s){return 1-e*Zi(s=+s)*Math.sin((s+i)/n)}return r.amplitude=function(s){return t(s,n*Ne)},r.period=function(s){return t(e,s)},r})(Us,js),H0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=Ne);function r(s){return((s=s*2-1)<0?e*Zi(-s)*Math.sin((i-s)/n):2-e*Zi(s)*Math.sin((i+s)/n))/2}return r.amplitude=function(s){return t(s,n*Ne)},r.period=function(s){return t(e,s)},r})(Us,js)});function er(t,e,n,i,r,s){var o=t.__transition;if(!o)t.__transition={};else if(n in o)return;zp(t,n,{name:e,index:i,group:r,on:Op,tween:Np,time:s.time,delay:s.delay,duration:s.duration,ease:s.ease,timer:null,state:Fu})}function Xs(t,e){var n=yt(t,e);if(n.state>Fu)throw new Error("too late; already scheduled");return n}function Mt(t,e){var n=yt(t,e);if(n.state>Ji)throw new Error("too late; already running");return n}function yt(t,e){var n=t.__transition;if(!n||!(n=n[e]))throw new Error("transition not found");return n}function zp(t,e,n){var i=t.__transition,r;i[e]=n,n.timer=Hs(s,0,n.time);function s(u){n.state=Lu,n.timer.restart(o,n.delay,n.time),n.delay<=u&&o(u-n.delay)}function o(u){var h,c,f,d;if(n.state!==Lu)return l();for(h in i)if(d=i[h],d.name===n.name){if(d.state===Ji)return Vs(o);d.state===Du?(d.state=tr,d.timer.stop(),d.on.call("interrupt",t,t.__data__,d.index,d.group),delete i[h]):+h<e&&(d.state=tr,d.timer.stop(),d.on.call("cancel",t,t.__data__,d.index,d.group),delete i[h])}if(Vs(function(){n.state===Ji&&(n.state=Du,n.timer.restart(a,n.delay,n.time),a(u))}),n.state=Ws,n.on.call("start",t,t.__data__,n.index,n.group),n.state===Ws){for(n.state=Ji,r=new Array(f=n.tween.length),h=0,c=-1;h<f;++h)(d=n.tween[h].value.call(t,t.__data__,n.index,n.group))&&(r[++c]=d);r.length=c+1}}function a(u){for(var h=u<n.duration?n.ease.call(null,u/n.duration):(n.timer.restart(l),n.state=Ks,1),c=-1,f=r.length;++c<f;)r[c].call(t,h);n.state===Ks&&(n.on.call("end",t,t.__data__,n.index,n.group),l())}function l(){n.state=tr,n.timer.stop(),delete i[e];for(var u in i)return;delete t.__transition}}function nr(t,e){var n=t.__transition,i,r,s=!0,o;if(n){e=e==null?null:e+"";for(o in n){if((i=n[o]).name!==e){s=!1;continue}r=i.state>Ws&&i.state<Ks,i.state=tr,i.timer.stop(),i.on.call(r?"interrupt":"cancel",t,t.__data__,i.index,i.group),delete n[o]}s&&delete t.__transition}}function Ip(t){return this.each(function(){nr(this,t)})}function Lp(t,e){var n,i;return function(){var r=Mt(this,t),s=r.tween;if(s!==n){i=n=s;for(var o=0,a=i.length;o<a;++o)if(i[o].name===e){i=i.slice(),i.splice(o,1);break}}r.tween=i}}function Dp(t,e,n){var i,r;if(typeof n!="function")throw new Error;return function(){var s=Mt(this,t),o=s.tween;if(o!==i){r=(i=o).slice();for(var a={name:e,value:n},l=0,u=r.length;l<u;++l)if(r[l].name===e){r[l]=a;break}l===u&&r.push(a)}s.tween=r}}function Fp(t,e){var n=this._id;if(t+="",arguments.length<2){for(var i=yt(this.node(),n).tween,r=0,s=i.length,o;r<s;++r)if((o=i[r]).name===t)return o.value;return null}return this.each((e==null?Lp:Dp)(n,t,e))}function Ys(t,e,n){var i=t._id;return t.each(function(){var r=Mt(this,i);(r.value||(r.value={}))[e]=n.apply(this,arguments)}),function(r){return yt(r,i).value[e]}}function Hu(t,e){var n;return(typeof e=="number"?ft:e instanceof Pt?Mn:(n=Pt(e))?(e=n,Mn):Ds)(t,e)}function Hp(t){return function(){this.removeAttribute(t)}}function Vp(t){return function(){this.removeAttributeNS(t.space,t.local)}}function qp(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttribute(t);return o===r?null:o===i?s:s=e(i=o,n)}}function Bp(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttributeNS(t.space,t.local);return o===r?null:o===i?s:s=e(i=o,n)}}function Up(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttribute(t):(o=this.getAttribute(t),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function jp(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttributeNS(t.space,t.local):(o=this.getAttributeNS(t.space,t.local),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function Wp(t,e){var n=vn(t),i=n==="transform"?Eu:Hu;return this.attrTween(t,typeof e=="function"?(n.local?jp:Up)(n,i,Ys(this,"attr."+t,e)):e==null?(n.local?Vp:Hp)(n):(n.local?Bp:qp)(n,i,e))}function Kp(t,e){return function(n){this.setAttribute(t,e.call(this,n))}}function Xp(t,e){return function(n){this.setAttributeNS(t.space,t.local,e.call(this,n))}}function Yp(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Xp(t,s)),n}return r._value=e,r}function Gp(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Kp(t,s)),n}return r._value=e,r}function Qp(t,e){var n="attr."+t;if(arguments.length<2)return(n=this.tween(n))&&n._value;if(e==null)return this.tween(n,null);if(typeof e!="function")throw new Error;var i=vn(t);return this.tween(n,(i.local?Yp:Gp)(i,e))}function Zp(t,e){return function(){Xs(this,t).delay=+e.apply(this,arguments)}}function Jp(t,e){return e=+e,function(){Xs(this,t).delay=e}}function tm(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?Zp:Jp)(e,t)):yt(this.node(),e).delay}function em(t,e){return function(){Mt(this,t).duration=+e.apply(this,arguments)}}function nm(t,e){return e=+e,function(){Mt(this,t).duration=e}}function im(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?em:nm)(e,t)):yt(this.node(),e).duration}function rm(t,e){if(typeof e!="function")throw new Error;return function(){Mt(this,t).ease=e}}function sm(t){var e=this._id;return arguments.length?this.each(rm(e,t)):yt(this.node(),e).ease}function om(t,e){return function(){var n=e.apply(this,arguments);if(typeof n!="function")throw new Error;Mt(this,t).ease=n}}function am(t){if(typeof t!="function")throw new Error;return this.each(om(this._id,t))}function lm(t){typeof t!="function"&&(t=ws(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new Nt(i,this._parents,this._name,this._id)}function um(t){if(t._id!==this._id)throw new Error;for(var e=this._groups,n=t._groups,i=e.length,r=n.length,s=Math.min(i,r),o=new Array(i),a=0;a<s;++a)for(var l=e[a],u=n[a],h=l.length,c=o[a]=new Array(h),f,d=0;d<h;++d)(f=l[d]||u[d])&&(c[d]=f);for(;a<i;++a)o[a]=e[a];return new Nt(o,this._parents,this._name,this._id)}function cm(t){return(t+"").trim().split(/^|\s+/).every(function(e){var n=e.indexOf(".");return n>=0&&(e=e.slice(0,n)),!e||e==="start"})}function hm(t,e,n){var i,r,s=cm(e)?Xs:Mt;return function(){var o=s(this,t),a=o.on;a!==i&&(r=(i=a).copy()).on(e,n),o.on=r}}function fm(t,e){var n=this._id;return arguments.length<2?yt(this.node(),n).on.on(t):this.each(hm(n,t,e))}function dm(t){return function(){var e=this.parentNode;for(var n in this.__transition)if(+n!==t)return;e&&e.removeChild(this)}}function pm(){return this.on("end.remove",dm(this._id))}function mm(t){var e=this._name,n=this._id;typeof t!="function"&&(t=Ni(t));for(var i=this._groups,r=i.length,s=new Array(r),o=0;o<r;++o)for(var a=i[o],l=a.length,u=s[o]=new Array(l),h,c,f=0;f<l;++f)(h=a[f])&&(c=t.call(h,h.__data__,f,a))&&("__data__"in h&&(c.__data__=h.__data__),u[f]=c,er(u[f],e,n,f,u,yt(h,n)));return new Nt(s,this._parents,e,n)}function gm(t){var e=this._name,n=this._id;typeof t!="function"&&(t=vs(t));for(var i=this._groups,r=i.length,s=[],o=[],a=0;a<r;++a)for(var l=i[a],u=l.length,h,c=0;c<u;++c)if(h=l[c]){for(var f=t.call(h,h.__data__,c,l),d,g=yt(h,n),y=0,p=f.length;y<p;++y)(d=f[y])&&er(d,e,n,y,f,g);s.push(f),o.push(h)}return new Nt(s,o,e,n)}function ym(){return new _m(this._groups,this._parents)}function bm(t,e){var n,i,r;return function(){var s=le(this,t),o=(this.style.removeProperty(t),le(this,t));return s===o?null:s===n&&o===i?r:r=e(n=s,i=o)}}function Vu(t){return function(){this.style.removeProperty(t)}}function vm(t,e,n){var i,r=n+"",s;return function(){var o=le(this,t);return o===r?null:o===i?s:s=e(i=o,n)}}function wm(t,e,n){var i,r,s;return function(){var o=le(this,t),a=n(this),l=a+"";return a==null&&(l=a=(this.style.removeProperty(t),le(this,t))),o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a))}}function xm(t,e){var n,i,r,s="style."+e,o="end."+s,a;return function(){var l=Mt(this,t),u=l.on,h=l.value[s]==null?a||(a=Vu(e)):void 0;(u!==n||r!==h)&&(i=(n=u).copy()).on(o,r=h),l.on=i}}function $m(t,e,n){var i=(t+="")=="transform"?Mu:Hu;return e==null?this.styleTween(t,bm(t,i)).on("end.style."+t,Vu(t)):typeof e=="function"?this.styleTween(t,wm(t,i,Ys(this,"style."+t,e))).each(xm(this._id,t)):this.styleTween(t,vm(t,i,e),n).on("end.style."+t,null)}function Sm(t,e,n){return function(i){this.style.setProperty(t,e.call(this,i),n)}}function Mm(t,e,n){var i,r;function s(){var o=e.apply(this,arguments);return o!==r&&(i=(r=o)&&Sm(t,o,n)),i}return s._value=e,s}function Em(t,e,n){var i="style."+(t+="");if(arguments.length<2)return(i=this.tween(i))&&i._value;if(e==null)return this.tween(i,null);if(typeof e!="function")throw new Error;return this.tween(i,Mm(t,e,n??""))}function km(t){return function(){this.textContent=t}}function Rm(t){return function(){var e=t(this);this.textContent=e??""}}function Cm(t){return this.tween("text",typeof t=="function"?Rm(Ys(this,"text",t)):km(t==null?"":t+""))}function Tm(t){return function(e){this.textContent=t.call(this,e)}}function Am(t){var e,n;function i(){var r=t.apply(this,arguments);return r!==n&&(e=(n=r)&&Tm(r)),e}return i._value=t,i}function Pm(t){var e="text";if(arguments.length<1)return(e=this.tween(e))&&e._value;if(t==null)return this.tween(e,null);if(typeof t!="function")throw new Error;return this.tween(e,Am(t))}function Om(){for(var t=this._name,e=this._id,n=qu(),i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)if(l=o[u]){var h=yt(l,e);er(l,t,n,u,o,{time:h.time+h.delay+h.duration,delay:0,duration:h.duration,ease:h.ease})}return new Nt(i,this._parents,t,n)}function Nm(){var t,e,n=this,i=n._id,r=n.size();return new Promise(function(s,o){var a={value:o},l={value:function(){--r===0&&s()}};n.each(function(){var u=Mt(this,i),h=u.on;h!==t&&(e=(t=h).copy(),e._.cancel.push(a),e._.interrupt.push(a),e._.end.push(l)),u.on=e}),r===0&&s()})}function Nt(t,e,n,i){this._groups=t,this._parents=e,this._name=n,this._id=i}function Im(t){return ue().transition(t)}function qu(){return++zm}function Dm(t,e){for(var n;!(n=t.__transition)||!(n=n[e]);)if(!(t=t.parentNode))throw new Error(`transition ${e} not found`);return n}function Fm(t){var e,n;t instanceof Nt?(e=t._id,t=t._name):(e=qu(),(n=Lm).time=Qi(),t=t==null?null:t+"");for(var i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&er(l,t,e,u,o,n||Dm(l,e));return new Nt(i,this._parents,t,e)}var Op,Np,Fu,Lu,Ws,Ji,Du,Ks,tr,_m,zm,Ot,Lm,Bu=b(()=>{ke();_s();Ou();Wi();Os();Iu();Op=bn("start","end","cancel","interrupt"),Np=[],Fu=0,Lu=1,Ws=2,Ji=3,Du=4,Ks=5,tr=6;_m=ue.prototype.constructor;zm=0;Ot=ue.prototype;Nt.prototype=Im.prototype={constructor:Nt,select:mm,selectAll:gm,selectChild:Ot.selectChild,selectChildren:Ot.selectChildren,filter:lm,merge:um,selection:ym,transition:Om,call:Ot.call,nodes:Ot.nodes,node:Ot.node,size:Ot.size,empty:Ot.empty,each:Ot.each,on:fm,attr:Wp,attrTween:Qp,style:$m,styleTween:Em,text:Cm,textTween:Pm,remove:pm,tween:Fp,delay:tm,duration:im,ease:sm,easeVarying:am,end:Nm,[Symbol.iterator]:Ot[Symbol.iterator]};Lm={time:null,delay:0,duration:250,ease:zu};ue.prototype.interrupt=Ip;ue.prototype.transition=Fm});function Hm(t,{sourceEvent:e,target:n,selection:i,mode:r,dispatch:s}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},target:{value:n,enumerable:!0,configurable:!0},selection:{value:i,enumerable:!0,configurable:!0},mode:{value:r,enumerable:!0,configurable:!0},_:{value:s}})}function Vm(t){t.stopImmediatePropagation()}function Qs(t){t.preventDefault(),t.stopImmediatePropagation()}function Wu(t){return[+t[0],+t[1]]}function eo(t){return[Wu(t[0]),Wu(t[1])]}function Tn(t){return{type:t}}function Um(t){return!t.ctrlKey&&!t.button}function jm(){var t=this.ownerSVGElement||this;return t.hasAttribute("viewBox")?(t=t.viewBox.baseVal,[[t.x,t.y],[t.x+t.width,t.y+t.height]]):[[0,0],[t.width.baseVal.value,t.height.baseVal.value]]}function Wm(){return navigator.maxTouchPoints||"ontouchstart"in this}function to(t){for(;!t.__brush;)if(!(t=t.parentNode))return;return t.__brush}function Km(t){return t[0][0]===t[1][0]||t[0][1]===t[1][1]}function Yu(){return Xm(ir)}function Xm(t){var e=jm,n=Um,i=Wm,r=!0,s=bn("start","brush","end"),o=6,a;function l(p){var _=p.property("__brush",y).selectAll(".overlay").data([Tn("overlay")]);_.enter().append("rect").attr("class","overlay").attr("pointer-events","all").attr("cursor",zt.overlay).merge(_).each(function(){var v=to(this).extent;st(this).attr("x",v[0][0]).attr("y",v[0][1]).attr("width",v[1][0]-v[0][0]).attr("height",v[1][1]-v[0][1])}),p.selectAll(".selection").data([Tn("selection")]).enter().append("rect").attr("class","selection").attr("cursor",zt.selection).attr("fill","#777").attr("fill-opacity",.3).attr("stroke","#fff").attr("shape-rendering","crispEdges");var $=p.selectAll(".handle").data(t.handles,function(v){return v.type});$.exit().remove(),$.enter().append("rect").attr("class",function(v){return"handle handle--"+v.type}).attr("cursor",function(v){return zt[v.type]}),p.each(u).attr("fill","none").attr("pointer-events","all").on("mousedown.brush",f).filter(i).on("touchstart.brush",f).on("touchmove.brush",d).on("touchend.brush touchcancel.brush",g).style("touch-action","none").style("-webkit-tap-highlight-color","rgba(0,0,0,0)")}l.move=function(p,_,$){p.tween?p.on("start.brush",function(v){h(this,arguments).beforestart().start(v)}).on("interrupt.brush end.brush",function(v){h(this,arguments).end(v)}).tween("brush",function(){var v=this,S=v.__brush,E=h(v,arguments),C=S.selection,O=t.input(typeof _=="function"?_.apply(this,arguments):_,S.extent),N=Pe(C,O);function q(T){S.selection=T===1&&O===null?null:N(T),u.call(v),E.brush()}return C!==null&&O!==null?q:q(1)}):p.each(function(){var v=this,S=arguments,E=v.__brush,C=t.input(typeof _=="function"?_.apply(v,S):_,E.extent),O=h(v,S).beforestart();nr(v),E.selection=C===null?null:C,u.call(v),O.start($).brush($).end($)})},l.clear=function(p,_){l.move(p,null,_)};function u(){var p=st(this),_=to(this).selection;_?(p.selectAll(".selection").style("display",null).attr("x",_[0][0]).attr("y",_[0][1]).attr("width",_[1][0]-_[0][0]).attr("height",_[1][1]-_[0][1]),p.selectAll(".handle").style("display",null).attr("x",function($){return $.type[$.type.length-1]==="e"?_[1][0]-o/2:_[0][0]-o/2}).attr("y",function($){return $.type[0]==="s"?_[1][1]-o/2:_[0][1]-o/2}).attr("width",function($){return $.type==="n"||$.type==="s"?_[1][0]-_[0][0]+o:o}).attr("height",function($){return $.type==="e"||$.type==="w"?_[1][1]-_[0][1]+o:o})):p.selectAll(".selection,.handle").style("display","none").attr("x",null).attr("y",null).attr("width",null).attr("height",null)}function h(p,_,$){var v=p.__brush.emitter;return v&&(!$||!v.clean)?v:new c(p,_,$)}function c(p,_,$){this.that=p,this.args=_,this.state=p.__brush,this.active=0,this.clean=$}c.prototype={beforestart:function(){return++this.active===1&&(this.state.emitter=this,this.starting=!0),this},start:function(p,_){return this.starting?(this.starting=!1,this.emit("start",p,_)):this.emit("brush",p),this},brush:function(p,_){return this.emit("brush",p,_),this},end:function(p,_){return--this.active===0&&(delete this.state.emitter,this.emit("end",p,_)),this},emit:function(p,_,$){var v=st(this.that).datum();s.call(p,this.that,new Hm(p,{sourceEvent:_,target:l,selection:t.output(this.state.selection),mode:$,dispatch:s}),v)}};function f(p){if(a&&!p.touches||!n.apply(this,arguments))return;var _=this,$=p.target.__data__.type,v=(r&&p.metaKey?$="overlay":$)==="selection"?Uu:r&&p.altKey?Ie:ze,S=t===Js?null:qm[$],E=t===ir?null:Bm[$],C=to(_),O=C.extent,N=C.selection,q=O[0][0],T,I,k=O[0][1],A,P,rt=O[1][0],W,B,lt=O[1][1],U,z,K=0,X=0,gr,Fn=S&&E&&r&&p.shiftKey,Hn,Vn,ot=Array.from(p.touches||[p],R=>{let Y=R.identifier;return R=zi(R,_),R.point0=R.slice(),R.identifier=Y,R});nr(_);var We=h(_,arguments,!0).beforestart();if($==="overlay"){N&&(gr=!0);let R=[ot[0],ot[1]||ot[0]];C.selection=N=[[T=t===Js?q:nt(R[0][0],R[1][0]),A=t===ir?k:nt(R[0][1],R[1][1])],[W=t===Js?rt:et(R[0][0],R[1][0]),U=t===ir?lt:et(R[0][1],R[1][1])]],ot.length>1&&Xt(p)}else T=N[0][0],A=N[0][1],W=N[1][0],U=N[1][1];I=T,P=A,B=W,z=U;var Ao=st(_).attr("pointer-events","none"),Ke=Ao.selectAll(".overlay").attr("cursor",zt[$]);if(p.touches)We.moved=Oo,We.ended=No;else{var Po=st(p.view).on("mousemove.brush",Oo,!0).on("mouseup.brush",No,!0);r&&Po.on("keydown.brush",yh,!0).on("keyup.brush",bh,!0),jl(p.view)}u.call(_),We.start(p,v.name);function Oo(R){for(let Y of R.changedTouches||[R])for(let Xe of ot)Xe.identifier===Y.identifier&&(Xe.cur=zi(Y,_));if(Fn&&!Hn&&!Vn&&ot.length===1){let Y=ot[0];ju(Y.cur[0]-Y[0])>ju(Y.cur[1]-Y[1])?Vn=!0:Hn=!0}for(let Y of ot)Y.cur&&(Y[0]=Y.cur[0],Y[1]=Y.cur[1]);gr=!0,Qs(R),Xt(R)}function Xt(R){let Y=ot[0],Xe=Y.point0;var Dt;switch(K=Y[0]-Xe[0],X=Y[1]-Xe[1],v){case Zs:case Uu:{S&&(K=et(q-T,nt(rt-W,K)),I=T+K,B=W+K),E&&(X=et(k-A,nt(lt-U,X)),P=A+X,z=U+X);break}case ze:{ot[1]?(S&&(I=et(q,nt(rt,ot[0][0])),B=et(q,nt(rt,ot[1][0])),S=1),E&&(P=et(k,nt(lt,ot[0][1])),z=et(k,nt(lt,ot[1][1])),E=1)):(S<0?(K=et(q-T,nt(rt-T,K)),I=T+K,B=W):S>0&&(K=et(q-W,nt(rt-W,K)),I=T,B=W+K),E<0?(X=et(k-A,nt(lt-A,X)),P=A+X,z=U):E>0&&(X=et(k-U,nt(lt-U,X)),P=A,z=U+X));break}case Ie:{S&&(I=et(q,nt(rt,T-K*S)),B=et(q,nt(rt,W+K*S))),E&&(P=et(k,nt(lt,A-X*E)),z=et(k,nt(lt,U+X*E)));break}}B<I&&(S*=-1,Dt=T,T=W,W=Dt,Dt=I,I=B,B=Dt,$ in Ku&&Ke.attr("cursor",zt[$=Ku[$]])),z<P&&(E*=-1,Dt=A,A=U,U=Dt,Dt=P,P=z,z=Dt,$ in Xu&&Ke.attr("cursor",zt[$=Xu[$]])),C.selection&&(N=C.selection),Hn&&(I=N[0][0],B=N[1][0]),Vn&&(P=N[0][1],z=N[1][1]),(N[0][0]!==I||N[0][1]!==P||N[1][0]!==B||N[1][1]!==z)&&(C.selection=[[I,P],[B,z]],u.call(_),We.brush(R,v.name))}function No(R){if(Vm(R),R.touches){if(R.touches.length)return;a&&clearTimeout(a),a=setTimeout(function(){a=null},500)}else Wl(R.view,gr),Po.on("keydown.brush keyup.brush mousemove.brush mouseup.brush",null);Ao.attr("pointer-events","all"),Ke.attr("cursor",zt.overlay),C.selection&&(N=C.selection),Km(N)&&(C.selection=null,u.call(_)),We.end(R,v.name)}function yh(R){switch(R.keyCode){case 16:{Fn=S&&E;break}case 18:{v===ze&&(S&&(W=B-K*S,T=I+K*S),E&&(U=z-X*E,A=P+X*E),v=Ie,Xt(R));break}case 32:{(v===ze||v===Ie)&&(S<0?W=B-K:S>0&&(T=I-K),E<0?U=z-X:E>0&&(A=P-X),v=Zs,Ke.attr("cursor",zt.selection),Xt(R));break}default:return}Qs(R)}function bh(R){switch(R.keyCode){case 16:{Fn&&(Hn=Vn=Fn=!1,Xt(R));break}case 18:{v===Ie&&(S<0?W=B:S>0&&(T=I),E<0?U=z:E>0&&(A=P),v=ze,Xt(R));break}case 32:{v===Zs&&(R.altKey?(S&&(W=B-K*S,T=I+K*S),E&&(U=z-X*E,A=P+X*E),v=Ie):(S<0?W=B:S>0&&(T=I),E<0?U=z:E>0&&(A=P),v=ze),Ke.attr("cursor",zt[$]),Xt(R));break}default:return}Qs(R)}}function d(p){h(this,arguments).moved(p)}function g(p){h(this,arguments).ended(p)}function y(){var p=this.__brush||{selection:null};return p.extent=eo(e.apply(this,arguments)),p.dim=t,p}return l.extent=function(p){return arguments.length?(e=typeof p=="function"?p:Gs(eo(p)),l):e},l.filter=function(p){return arguments.length?(n=typeof p=="function"?p:Gs(!!p),l):n},l.touchable=function(p){return arguments.length?(i=typeof p=="function"?p:Gs(!!p),l):i},l.handleSize=function(p){return arguments.length?(o=+p,l):o},l.keyModifiers=function(p){return arguments.length?(r=!!p,l):r},l.on=function(){var p=s.on.apply(s,arguments);return p===s?l:p},l}var Gs,Uu,Zs,ze,Ie,ju,et,nt,ir,Js,tv,zt,Ku,Xu,qm,Bm,Gu=b(()=>{_s();Kl();Wi();ke();Bu();Gs=t=>()=>t;Uu={name:"drag"},Zs={name:"space"},ze={name:"handle"},Ie={name:"center"},{abs:ju,max:et,min:nt}=Math;ir={name:"x",handles:["w","e"].map(Tn),input:function(t,e){return t==null?null:[[+t[0],e[0][1]],[+t[1],e[1][1]]]},output:function(t){return t&&[t[0][0],t[1][0]]}},Js={name:"y",handles:["n","s"].map(Tn),input:function(t,e){return t==null?null:[[e[0][0],+t[0]],[e[1][0],+t[1]]]},output:function(t){return t&&[t[0][1],t[1][1]]}},tv={name:"xy",handles:["n","w","e","s","nw","ne","sw","se"].map(Tn),input:function(t){return t==null?null:eo(t)},output:function(t){return t}},zt={overlay:"crosshair",selection:"move",n:"ns-resize",e:"ew-resize",s:"ns-resize",w:"ew-resize",nw:"nwse-resize",ne:"nesw-resize",se:"nwse-resize",sw:"nesw-resize"},Ku={e:"w",w:"e",nw:"ne",ne:"nw",se:"sw",sw:"se"},Xu={n:"s",s:"n",nw:"sw",ne:"se",se:"ne",sw:"nw"},qm={overlay:1,selection:1,n:null,e:1,s:null,w:-1,nw:-1,ne:1,se:1,sw:-1},Bm={overlay:1,selection:1,n:-1,e:null,s:1,w:null,nw:-1,ne:-1,se:1,sw:1}});function An(t,e){return t==null||e==null?NaN:t<e?-1:t>e?1:t>=e?0:NaN}function Ym(t,e){return t==null||e==null?NaN:e<t?-1:e>t?1:e>=t?0:NaN}function Zu(t){let e,n,i;t.length!==2?(e=An,n=(a,l)=>An(t(a),l),i=(a,l)=>t(a)-l):(e=t===An||t===Ym?t:Gm,n=t,i=t);function r(a,l,u=0,h=a.length){if(u<h){if(e(l,l)!==0)return h;do{let c=u+h>>>1;n(a[c],l)<0?u=c+1:h=c}while(u<h)}return u}function s(a,l,u=0,h=a.length){if(u<h){if(e(l,l)!==0)return h;do{let c=u+h>>>1;n(a[c],l)<=0?u=c+1:h=c}while(u<h)}return u}function o(a,l,u=0,h=a.length){let c=r(a,l,u,h-1);return c>u&&i(a[c-1],l)>-i(a[c],l)?c-1:c}return{left:r,center:o,right:s}}function Gm(){return 0}function Qm(t){return t===null?NaN:+t}function ec(t){return function(e,n,i=n){if(!((n=+n)>=0))throw new RangeError("invalid rx");if(!((i=+i)>=0))throw new RangeError("invalid ry");let{data:r,width:s,height:o}=e;if(!((s=Math.floor(s))>=0))throw new RangeError("invalid width");if(!((o=Math.floor(o!==void 0?o:r.length/s))>=0))throw new RangeError("invalid height");if(!s||!o||!n&&!i)return e;let a=n&&t(n),l=i&&t(i),u=r.slice();return a&&l?(Le(a,u,r,s,o),Le(a,r,u,s,o),Le(a,u,r,s,o),De(l,r,u,s,o),De(l,u,r,s,o),De(l,r,u,s,o)):a?(Le(a,r,u,s,o),Le(a,u,r,s,o),Le(a,r,u,s,o)):l&&(De(l,r,u,s,o),De(l,u,r,s,o),De(l,r,u,s,o)),e}}function Le(t,e,n,i,r){for(let s=0,o=i*r;s<o;)t(e,n,s,s+=i,1)}function De(t,e,n,i,r){for(let s=0,o=i*r;s<i;++s)t(e,n,s,s+o,i)}function Zm(t){let e=nc(t);return(n,i,r,s,o)=>{r<<=2,s<<=2,o<<=2,e(n,i,r+0,s+0,o),e(n,i,r+1,s+1,o),e(n,i,r+2,s+2,o),e(n,i,r+3,s+3,o)}}function nc(t){let e=Math.floor(t);if(e===t)return Jm(t);let n=t-e,i=2*t+1;return(r,s,o,a,l)=>{if(!((a-=l)>=o))return;let u=e*s[o],h=l*e,c=h+l;for(let f=o,d=o+h;f<d;f+=l)u+=s[Math.min(a,f)];for(let f=o,d=a;f<=d;f+=l)u+=s[Math.min(a,f+h)],r[f]=(u+n*(s[Math.max(o,f-c)]+s[Math.min(a,f+c)]))/i,u-=s[Math.max(o,f-h)]}}function Jm(t){let e=2*t+1;return(n,i,r,s,o)=>{if(!((s-=o)>=r))return;let a=t*i[r],l=o*t;for(let u=r,h=r+l;u<h;u+=o)a+=i[Math.min(s,u)];for(let u=r,h=s;u<=h;u+=o)a+=i[Math.min(s,u+l)],n[u]=a/e,a-=i[Math.max(r,u-l)]}}function Qu({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):n}function tg({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):(t.set(i,n),n)}function eg({_intern:t,_key:e},n){let i=e(n);return t.has(i)&&(n=t.get(i),t.delete(i)),n}function ng(t){return t!==null&&typeof t=="object"?t.valueOf():t}function rr(t,e,n){let i=(e-t)/Math.max(0,n),r=Math.floor(Math.log10(i)),s=i/Math.pow(10,r),o=s>=rg?10:s>=sg?5:s>=og?2:1,a,l,u;return r<0?(u=Math.pow(10,-r)/o,a=Math.round(t*u),l=Math.round(e*u),a/u<t&&++a,l/u>e&&--l,u=-u):(u=Math.pow(10,r)*o,a=Math.round(t/u),l=Math.round(e/u),a*u<t&&++a,l*u>e&&--l),l<a&&.5<=n&&n<2?rr(t,e,n*2):[a,l,u]}function ic(t,e,n){if(e=+e,t=+t,n=+n,!(n>0))return[];if(t===e)return[t];let i=e<t,[r,s,o]=i?rr(e,t,n):rr(t,e,n);if(!(s>=r))return[];let a=s-r+1,l=new Array(a);if(i)if(o<0)for(let u=0;u<a;++u)l[u]=(s-u)/-o;else for(let u=0;u<a;++u)l[u]=(s-u)*o;else if(o<0)for(let u=0;u<a;++u)l[u]=(r+u)/-o;else for(let u=0;u<a;++u)l[u]=(r+u)*o;return l}function sr(t,e,n){return e=+e,t=+t,n=+n,rr(t,e,n)[2]}function rc(t,e,n){e=+e,t=+t,n=+n;let i=e<t,r=i?sr(e,t,n):sr(t,e,n);return(i?-1:1)*(r<0?1/-r:r)}function sc(t,e,n){t=+t,e=+e,n=(r=arguments.length)<2?(e=t,t=0,1):r<3?1:+n;for(var i=-1,r=Math.max(0,Math.ceil((e-t)/n))|0,s=new Array(r);++i<r;)s[i]=t+i*n;return s}function ag(t){return function(n,i=0,r=n.length){let s=r-(i=+i);for(;s;){let o=t()*s--|0,a=n[s+i];n[s+i]=n[o+i],n[o+i]=a}return n}}var Ju,tc,nv,iv,rv,sv,Pn,ig,ov,rg,sg,og,av,oc=b(()=>{Ju=Zu(An),tc=Ju.right,nv=Ju.left,iv=Zu(Qm).center,rv=ec(nc),sv=ec(Zm);Pn=class extends Map{constructor(e,n=ng){if(super(),Object.defineProperties(this,{_intern:{value:new Map},_key:{value:n}}),e!=null)for(let[i,r]of e)this.set(i,r)}get(e){return super.get(Qu(this,e))}has(e){return super.has(Qu(this,e))}set(e,n){return super.set(tg(this,e),n)}delete(e){return super.delete(eg(this,e))}};ig=Array.prototype,ov=ig.slice,rg=Math.sqrt(50),sg=Math.sqrt(10),og=Math.sqrt(2);av=ag(Math.random)});function lg(t){return Math.abs(t=Math.round(t))>=1e21?t.toLocaleString("en").replace(/,/g,""):t.toString(10)}function ar(t,e){if(!isFinite(t)||t===0)return null;var n=(t=e?t.toExponential(e-1):t.toExponential()).indexOf("e"),i=t.slice(0,n);return[i.length>1?i[0]+i.slice(2):i,+t.slice(n+1)]}function Fe(t){return t=ar(Math.abs(t)),t?t[1]:NaN}function ug(t,e){return function(n,i){for(var r=n.length,s=[],o=0,a=t[0],l=0;r>0&&a>0&&(l+a+1>i&&(a=Math.max(1,i-l)),s.push(n.substring(r-=a,r+a)),!((l+=a+1)>i));)a=t[o=(o+1)%t.length];return s.reverse().join(e)}}function cg(t){return function(e){return e.replace(/[0-9]/g,function(n){return t[+n]})}}function On(t){if(!(e=hg.exec(t)))throw new Error("invalid format: "+t);var e;return new no({fill:e[1],align:e[2],sign:e[3],symbol:e[4],zero:e[5],width:e[6],comma:e[7],precision:e[8]&&e[8].slice(1),trim:e[9],type:e[10]})}function no(t){this.fill=t.fill===void 0?" ":t.fill+"",this.align=t.align===void 0?">":t.align+"",this.sign=t.sign===void 0?"-":t.sign+"",this.symbol=t.symbol===void 0?"":t.symbol+"",this.zero=!!t.zero,this.width=t.width===void 0?void 0:+t.width,this.comma=!!t.comma,this.precision=t.precision===void 0?void 0:+t.precision,this.trim=!!t.trim,this.type=t.type===void 0?"":t.type+""}function fg(t){t:for(var e=t.length,n=1,i=-1,r;n<e;++n)switch(t[n]){case".":i=r=n;break;case"0":i===0&&(i=n),r=n;break;default:if(!+t[n])break t;i>0&&(i=0);break}return i>0?t.slice(0,i)+t.slice(r+1):t}function dg(t,e){var n=ar(t,e);if(!n)return lr=void 0,t.toPrecision(e);var i=n[0],r=n[1],s=r-(lr=Math.max(-8,Math.min(8,Math.floor(r/3)))*3)+1,o=i.length;return s===o?i:s>o?i+new Array(s-o+1).join("0"):s>0?i.slice(0,s)+"."+i.slice(s):"0."+new Array(1-s).join("0")+ar(t,Math.max(0,e+s-1))[0]}function ac(t,e){var n=ar(t,e);if(!n)return t+"";var i=n[0],r=n[1];return r<0?"0."+new Array(-r).join("0")+i:i.length>r+1?i.slice(0,r+1)+"."+i.slice(r+1):i+new Array(r-i.length+2).join("0")}function uc(t){return t}function pg(t){var e=t.grouping===void 0||t.thousands===void 0?uc:ug(cc.call(t.grouping,Number),t.thousands+""),n=t.currency===void 0?"":t.currency[0]+"",i=t.currency===void 0?"":t.currency[1]+"",r=t.decimal===void 0?".":t.decimal+"",s=t.numerals===void 0?uc:cg(cc.call(t.numerals,String)),o=t.percent===void 0?"%":t.percent+"",a=t.minus===void 0?"−":t.minus+"",l=t.nan===void 0?"NaN":t.nan+"";function u(c,f){c=On(c);var d=c.fill,g=c.align,y=c.sign,p=c.symbol,_=c.zero,$=c.width,v=c.comma,S=c.precision,E=c.trim,C=c.type;C==="n"?(v=!0,C="g"):lc[C]||(S===void 0&&(S=12),E=!0,C="g"),(_||d==="0"&&g==="=")&&(_=!0,d="0",g="=");var O=(f&&f.prefix!==void 0?f.prefix:"")+(p==="$"?n:p==="#"&&/[boxX]/.test(C)?"0"+C.toLowerCase():""),N=(p==="$"?i:/[%p]/.test(C)?o:"")+(f&&f.suffix!==void 0?f.suffix:""),q=lc[C],T=/[defgprs%]/.test(C);S=S===void 0?6:/[gprs]/.test(C)?Math.max(1,Math.min(21,S)):Math.max(0,Math.min(20,S));function I(k){var A=O,P=N,rt,W,B;if(C==="c")P=q(k)+P,k="";else{k=+k;var lt=k<0||1/k<0;if(k=isNaN(k)?l:q(Math.abs(k),S),E&&(k=fg(k)),lt&&+k==0&&y!=="+"&&(lt=!1),A=(lt?y==="("?y:a:y==="-"||y==="("?"":y)+A,P=(C==="s"&&!isNaN(k)&&lr!==void 0?hc[8+lr/3]:"")+P+(lt&&y==="("?")":""),T){for(rt=-1,W=k.length;++rt<W;)if(B=k.charCodeAt(rt),48>B||B>57){P=(B===46?r+k.slice(rt+1):k.slice(rt))+P,k=k.slice(0,rt);break}}}v&&!_&&(k=e(k,1/0));var U=A.length+k.length+P.length,z=U<$?new Array($-U+1).join(d):"";switch(v&&_&&(k=e(z+k,z.length?$-P.length:1/0),z=""),g){case"<":k=A+k+P+z;break;case"=":k=A+z+k+P;break;case"^":k=z.slice(0,U=z.length>>1)+A+k+P+z.slice(U);break;default:k=z+A+k+P;break}return s(k)}return I.toString=function(){return c+""},I}function h(c,f){var d=Math.max(-8,Math.min(8,Math.floor(Fe(f)/3)))*3,g=Math.pow(10,-d),y=u((c=On(c),c.type="f",c),{suffix:hc[8+d/3]});return function(p){return y(g*p)}}return{format:u,formatPrefix:h}}function mg(t){return or=pg(t),io=or.format,ro=or.formatPrefix,or}function fc(t){return Math.max(0,-Fe(Math.abs(t)))}function dc(t,e){return Math.max(0,Math.max(-8,Math.min(8,Math.floor(Fe(e)/3)))*3-Fe(Math.abs(t)))}function pc(t,e){return t=Math.abs(t),e=Math.abs(e)-t,Math.max(0,Fe(e)-Fe(t))+1}var hg,lr,lc,cc,hc,or,io,ro,mc=b(()=>{hg=/^(?:(.)?([<>=^]))?([+\-( ])?([$#])?(0)?(\d+)?(,)?(\.\d+)?(~)?([a-z%])?$/i;On.prototype=no.prototype;no.prototype.toString=function(){return this.fill+this.align+this.sign+this.symbol+(this.zero?"0":"")+(this.width===void 0?"":Math.max(1,this.width|0))+(this.comma?",":"")+(this.precision===void 0?"":"."+Math.max(0,this.precision|0))+(this.trim?"~":"")+this.type};lc={"%":(t,e)=>(t*100).toFixed(e),b:t=>Math.round(t).toString(2),c:t=>t+"",d:lg,e:(t,e)=>t.toExponential(e),f:(t,e)=>t.toFixed(e),g:(t,e)=>t.toPrecision(e),o:t=>Math.round(t).toString(8),p:(t,e)=>ac(t*100,e),r:ac,s:dg,X:t=>Math.round(t).toString(16).toUpperCase(),x:t=>Math.round(t).toString(16)};cc=Array.prototype.map,hc=["y","z","a","f","p","n","µ","m","","k","M","G","T","P","E","Z","Y"];mg({thousands:",",grouping:[3],currency:["$",""]})});function oo(t,e){switch(arguments.length){case 0:break;case 1:this.range(t);break;default:this.range(e).domain(t);break}return this}function yc(){var t=new Pn,e=[],n=[],i=gc;function r(s){let o=t.get(s);if(o===void 0){if(i!==gc)return i;t.set(s,o=e.push(s)-1)}return n[o%n.length]}return r.domain=function(s){if(!arguments.length)return e.slice();e=[],t=new Pn;for(let o of s)t.has(o)||t.set(o,e.push(o)-1);return r},r.range=function(s){return arguments.length?(n=Array.from(s),r):n.slice()},r.unknown=function(s){return arguments.length?(i=s,r):i},r.copy=function(){return yc(e,n).unknown(i)},oo.apply(r,arguments),r}function bc(){var t=yc().unknown(void 0),e=t.domain,n=t.range,i=0,r=1,s,o,a=!1,l=0,u=0,h=.5;delete t.unknown;function c(){var f=e().length,d=r<i,g=d?r:i,y=d?i:r;s=(y-g)/Math.max(1,f-l+u*2),a&&(s=Math.floor(s)),g+=(y-g-s*(f-l))*h,o=s*(1-l),a&&(g=Math.round(g),o=Math.round(o));var p=sc(f).map(function(_){return g+s*_});return n(d?p.reverse():p)}return t.domain=function(f){return arguments.length?(e(f),c()):e()},t.range=function(f){return arguments.length?([i,r]=f,i=+i,r=+r,c()):[i,r]},t.rangeRound=function(f){return[i,r]=f,i=+i,r=+r,a=!0,c()},t.bandwidth=function(){return o},t.step=function(){return s},t.round=function(f){return arguments.length?(a=!!f,c()):a},t.padding=function(f){return arguments.length?(l=Math.min(1,u=+f),c()):l},t.paddingInner=function(f){return arguments.length?(l=Math.min(1,f),c()):l},t.paddingOuter=function(f){return arguments.length?(u=+f,c()):u},t.align=function(f){return arguments.length?(h=Math.max(0,Math.min(1,f)),c()):h},t.copy=function(){return bc(e(),[i,r]).round(a).paddingInner(l).paddingOuter(u).align(h)},oo.apply(c(),arguments)}function vc(t){var e=t.copy;return t.padding=t.paddingOuter,delete t.paddingInner,delete t.paddingOuter,t.copy=function(){return vc(e())},t}function wc(){return vc(bc.apply(null,arguments).paddingInner(1))}function gg(t){return function(){return t}}function _g(t){return+t}function He(t){return t}function so(t,e){return(e-=t=+t)?function(n){return(n-t)/e}:gg(isNaN(e)?NaN:.5)}function yg(t,e){var n;return t>e&&(n=t,t=e,e=n),function(i){return Math.max(t,Math.min(e,i))}}function bg(t,e,n){var i=t[0],r=t[1],s=e[0],o=e[1];return r<i?(i=so(r,i),s=n(o,s)):(i=so(i,r),s=n(s,o)),function(a){return s(i(a))}}function vg(t,e,n){var i=Math.min(t.length,e.length)-1,r=new Array(i),s=new Array(i),o=-1;for(t[i]<t[0]&&(t=t.slice().reverse(),e=e.slice().reverse());++o<i;)r[o]=so(t[o],t[o+1]),s[o]=n(e[o],e[o+1]);return function(a){var l=tc(t,a,1,i)-1;return s[l](r[l](a))}}function wg(t,e){return e.domain(t.domain()).range(t.range()).interpolate(t.interpolate()).clamp(t.clamp()).unknown(t.unknown())}function xg(){var t=_c,e=_c,n=Pe,i,r,s,o=He,a,l,u;function h(){var f=Math.min(t.length,e.length);return o!==He&&(o=yg(t[0],t[f-1])),a=f>2?vg:bg,l=u=null,c}function c(f){return f==null||isNaN(f=+f)?s:(l||(l=a(t.map(i),e,n)))(i(o(f)))}return c.invert=function(f){return o(r((u||(u=a(e,t.map(i),ft)))(f)))},c.domain=function(f){return arguments.length?(t=Array.from(f,_g),h()):t.slice()},c.range=function(f){return arguments.length?(e=Array.from(f),h()):e.slice()},c.rangeRound=function(f){return e=Array.from(f),n=xu,h()},c.clamp=function(f){return arguments.length?(o=f?!0:He,h()):o!==He},c.interpolate=function(f){return arguments.length?(n=f,h()):n},c.unknown=function(f){return arguments.length?(s=f,c):s},function(f,d){return i=f,r=d,h()}}function $g(){return xg()(He,He)}function Sg(t,e,n,i){var r=rc(t,e,n),s;switch(i=On(i??",f"),i.type){case"s":{var o=Math.max(Math.abs(t),Math.abs(e));return i.precision==null&&!isNaN(s=dc(r,o))&&(i.precision=s),ro(i,o)}case"":case"e":case"g":case"p":case"r":{i.precision==null&&!isNaN(s=pc(r,Math.max(Math.abs(t),Math.abs(e))))&&(i.precision=s-(i.type==="e"));break}case"f":case"%":{i.precision==null&&!isNaN(s=fc(r))&&(i.precision=s-(i.type==="%")*2);break}}return io(i)}function Mg(t){var e=t.domain;return t.ticks=function(n){var i=e();return ic(i[0],i[i.length-1],n??10)},t.tickFormat=function(n,i){var r=e();return Sg(r[0],r[r.length-1],n??10,i)},t.nice=function(n){n==null&&(n=10);var i=e(),r=0,s=i.length-1,o=i[r],a=i[s],l,u,h=10;for(a<o&&(u=o,o=a,a=u,u=r,r=s,s=u);h-- >0;){if(u=sr(o,a,n),u===l)return i[r]=o,i[s]=a,e(i);if(u>0)o=Math.floor(o/u)*u,a=Math.ceil(a/u)*u;else if(u<0)o=Math.ceil(o*u)/u,a=Math.floor(a*u)/u;else break;l=u}return t},t}function Nn(){var t=$g();return t.copy=function(){return wg(t,Nn())},oo.apply(t,arguments),Mg(t)}var gc,_c,ao=b(()=>{oc();Wi();mc();gc=Symbol("implicit");_c=[0,1]});function Eg(t,e){let n=Math.abs(t[1]-t[0])/Math.max(1e-9,Math.abs(e[1]-e[0]));return!(n>0)||!Number.isFinite(n)?3:Math.min(10,Math.max(0,Math.ceil(-Math.log10(n))))}function kg(t,e,n){let[i,r]=e,[s,o]=n;return o===s?i:i+(t-s)*(r-i)/(o-s)}function lo(t,e,n){let[i,r]=e,[s,o]=n;return r===i?s:s+(t-i)*(o-s)/(r-i)}function xc(t,e,n,i=1){let r=Math.min(n[0],n[1]),s=Math.max(n[0],n[1]),o=Eg(e,n),a=g=>Number(g.toFixed(o)),l=t.map(g=>Math.min(s,Math.max(r,g))).map(g=>({px:g,value:a(kg(g,e,n))}));l.sort((g,y)=>g.value-y.value);let[u,h]=l,c=(g,y)=>Math.abs(g-lo(y,e,n))<=i,f=Math.min(e[0],e[1]),d=Math.max(e[0],e[1]);return{low:c(u.px,f)?null:u.value,high:c(h.px,d)?null:h.value}}function $c(t,e,n){let i=Math.min(e[0],e[1]),r=Math.max(e[0],e[1]),s=l=>Math.min(r,Math.max(i,l)),o=lo(s(t.low??i),e,n),a=lo(s(t.high??r),e,n);return[Math.min(o,a),Math.max(o,a)]}var Sc=b(()=>{"use strict"});function Mc(t){this._+=t[0];for(let e=1,n=t.length;e<n;++e)this._+=arguments[e]+t[e]}function Cg(t){let e=Math.floor(t);if(!(e>=0))throw new Error(`invalid digits: ${t}`);if(e>15)return Mc;let n=10**e;return function(i){this._+=i[0];for(let r=1,s=i.length;r<s;++r)this._+=Math.round(arguments[r]*n)/n+i[r]}}function Ec(t,e,n,i){return t===n&&e===i}function Tg(t){let e=Math.floor(t);if(!(e<=15))return Ec;let n=10**e,i=function(r){return Math.round(r*n)};return function(r,s,o,a){return i(r)===i(o)&&i(s)===i(a)}}function Ag(){return new Ve}var zn,uo,me,Rg,Ve,kc=b(()=>{zn=Math.PI,uo=2*zn,me=1e-6,Rg=uo-me;Ve=class{constructor(e){this._x0=this._y0=this._x1=this._y1=null,this._="",this._append=e==null?Mc:Cg(e),this._equal=e==null?Ec:Tg(e)}moveTo(e,n){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}`}closePath(){this._x1!==null&&(this._x1=this._x0,this._y1=this._y0,this._append`Z`)}lineTo(e,n){this._append`L${this._x1=+e},${this._y1=+n}`}quadraticCurveTo(e,n,i,r){this._append`Q${+e},${+n},${this._x1=+i},${this._y1=+r}`}bezierCurveTo(e,n,i,r,s,o){this._append`C${+e},${+n},${+i},${+r},${this._x1=+s},${this._y1=+o}`}arcTo(e,n,i,r,s){if(e=+e,n=+n,i=+i,r=+r,s=+s,s<0)throw new Error(`negative radius: ${s}`);let o=this._x1,a=this._y1,l=i-e,u=r-n,h=o-e,c=a-n,f=h*h+c*c;if(this._x1===null)this._append`M${this._x1=e},${this._y1=n}`;else if(f>me)if(!(Math.abs(c*l-u*h)>me)||!s)this._append`L${this._x1=e},${this._y1=n}`;else{let d=i-o,g=r-a,y=l*l+u*u,p=d*d+g*g,_=Math.sqrt(y),$=Math.sqrt(f),v=s*Math.tan((zn-Math.acos((y+f-p)/(2*_*$)))/2),S=v/$,E=v/_;Math.abs(S-1)>me&&this._append`L${e+S*h},${n+S*c}`,this._append`A${s},${s},0,0,${+(c*d>h*g)},${this._x1=e+E*l},${this._y1=n+E*u}`}}arc(e,n,i,r,s,o){if(e=+e,n=+n,i=+i,o=!!o,i<0)throw new Error(`negative radius: ${i}`);let a=i*Math.cos(r),l=i*Math.sin(r),u=e+a,h=n+l,c=1^o,f=o?r-s:s-r;if(this._x1===null?this._append`M${u},${h}`:(Math.abs(this._x1-u)>me||Math.abs(this._y1-h)>me)&&this._append`L${u},${h}`,!!i){if(f<0&&(f=f%uo+uo),f>Rg)this._append`A${i},${i},0,1,${c},${e-a},${n-l}A${i},${i},0,1,${c},${this._x1=u},${this._y1=h}`;else if(f>me){let d=e+i*Math.cos(s),g=n+i*Math.sin(s);if(f>=zn&&this._equal(u,h,d,g)){f/=2;let y=r+f;this._append`A${i},${i},0,${+(f>=zn)},${c},${e+i*Math.cos(y)},${n+i*Math.sin(y)}`}this._append`A${i},${i},0,${+(f>=zn)},${c},${this._x1=d},${this._y1=g}`}}}rect(e,n,i,r){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}h${i=+i}v${+r}h${-i}Z`}toString(){return this._}};Ag.prototype=Ve.prototype});function tt(t){return function(){return t}}function Nc(t){let e=3;return t.digits=function(n){if(!arguments.length)return e;if(n==null)e=null;else{let i=Math.floor(n);if(!(i>=0))throw new RangeError(`invalid digits: ${n}`);e=i}return t},()=>new Ve(e)}function zc(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function Ic(t){this._context=t}function fo(t){return new Ic(t)}function Lc(t){return t[0]}function Dc(t){return t[1]}function po(t,e){var n=tt(!0),i=null,r=fo,s=null,o=Nc(a);t=typeof t=="function"?t:t===void 0?Lc:tt(t),e=typeof e=="function"?e:e===void 0?Dc:tt(e);function a(l){var u,h=(l=zc(l)).length,c,f=!1,d;for(i==null&&(s=r(d=o())),u=0;u<=h;++u)!(u<h&&n(c=l[u],u,l))===f&&((f=!f)?s.lineStart():s.lineEnd()),f&&s.point(+t(c,u,l),+e(c,u,l));if(d)return s=null,d+""||null}return a.x=function(l){return arguments.length?(t=typeof l=="function"?l:tt(+l),a):t},a.y=function(l){return arguments.length?(e=typeof l=="function"?l:tt(+l),a):e},a.defined=function(l){return arguments.length?(n=typeof l=="function"?l:tt(!!l),a):n},a.curve=function(l){return arguments.length?(r=l,i!=null&&(s=r(i)),a):r},a.context=function(l){return arguments.length?(l==null?i=s=null:s=r(i=l),a):i},a}function Fc(t,e,n){var i=null,r=tt(!0),s=null,o=fo,a=null,l=Nc(u);t=typeof t=="function"?t:t===void 0?Lc:tt(+t),e=typeof e=="function"?e:tt(e===void 0?0:+e),n=typeof n=="function"?n:n===void 0?Dc:tt(+n);function u(c){var f,d,g,y=(c=zc(c)).length,p,_=!1,$,v=new Array(y),S=new Array(y);for(s==null&&(a=o($=l())),f=0;f<=y;++f){if(!(f<y&&r(p=c[f],f,c))===_)if(_=!_)d=f,a.areaStart(),a.lineStart();else{for(a.lineEnd(),a.lineStart(),g=f-1;g>=d;--g)a.point(v[g],S[g]);a.lineEnd(),a.areaEnd()}_&&(v[f]=+t(p,f,c),S[f]=+e(p,f,c),a.point(i?+i(p,f,c):v[f],n?+n(p,f,c):S[f]))}if($)return a=null,$+""||null}function h(){return po().defined(r).curve(o).context(s)}return u.x=function(c){return arguments.length?(t=typeof c=="function"?c:tt(+c),i=null,u):t},u.x0=function(c){return arguments.length?(t=typeof c=="function"?c:tt(+c),u):t},u.x1=function(c){return arguments.length?(i=c==null?null:typeof c=="function"?c:tt(+c),u):i},u.y=function(c){return arguments.length?(e=typeof c=="function"?c:tt(+c),n=null,u):e},u.y0=function(c){return arguments.length?(e=typeof c=="function"?c:tt(+c),u):e},u.y1=function(c){return arguments.length?(n=c==null?null:typeof c=="function"?c:tt(+c),u):n},u.lineX0=u.lineY0=function(){return h().x(t).y(e)},u.lineY1=function(){return h().x(t).y(n)},u.lineX1=function(){return h().x(i).y(e)},u.defined=function(c){return arguments.length?(r=typeof c=="function"?c:tt(!!c),u):r},u.curve=function(c){return arguments.length?(o=c,s!=null&&(a=o(s)),u):o},u.context=function(c){return arguments.length?(c==null?s=a=null:a=o(s=c),u):s},u}function Hc(t){this._curve=t}function Og(t){function e(n){return new Hc(t(n))}return e._curve=t,e}function Kt(){}function cr(t,e,n){t._context.bezierCurveTo((2*t._x0+t._x1)/3,(2*t._y0+t._y1)/3,(t._x0+2*t._x1)/3,(t._y0+2*t._y1)/3,(t._x0+4*t._x1+e)/6,(t._y0+4*t._y1+n)/6)}function mo(t){this._context=t}function Ig(t){this._context=t}function Lg(t){this._context=t}function qc(t,e){this._basis=new mo(t),this._beta=e}function hr(t,e,n){t._context.bezierCurveTo(t._x1+t._k*(t._x2-t._x0),t._y1+t._k*(t._y2-t._y0),t._x2+t._k*(t._x1-e),t._y2+t._k*(t._y1-n),t._x2,t._y2)}function go(t,e){this._context=t,this._k=(1-e)/6}function _o(t,e){this._context=t,this._k=(1-e)/6}function yo(t,e){this._context=t,this._k=(1-e)/6}function bo(t,e,n){var i=t._x1,r=t._y1,s=t._x2,o=t._y2;if(t._l01_a>Rc){var a=2*t._l01_2a+3*t._l01_a*t._l12_a+t._l12_2a,l=3*t._l01_a*(t._l01_a+t._l12_a);i=(i*a-t._x0*t._l12_2a+t._x2*t._l01_2a)/l,r=(r*a-t._y0*t._l12_2a+t._y2*t._l01_2a)/l}if(t._l23_a>Rc){var u=2*t._l23_2a+3*t._l23_a*t._l12_a+t._l12_2a,h=3*t._l23_a*(t._l23_a+t._l12_a);s=(s*u+t._x1*t._l23_2a-e*t._l12_2a)/h,o=(o*u+t._y1*t._l23_2a-n*t._l12_2a)/h}t._context.bezierCurveTo(i,r,s,o,t._x2,t._y2)}function Bc(t,e){this._context=t,this._alpha=e}function Uc(t,e){this._context=t,this._alpha=e}function jc(t,e){this._context=t,this._alpha=e}function Dg(t){this._context=t}function Cc(t){return t<0?-1:1}function Tc(t,e,n){var i=t._x1-t._x0,r=e-t._x1,s=(t._y1-t._y0)/(i||r<0&&-0),o=(n-t._y1)/(r||i<0&&-0),a=(s*r+o*i)/(i+r);return(Cc(s)+Cc(o))*Math.min(Math.abs(s),Math.abs(o),.5*Math.abs(a))||0}function Ac(t,e){var n=t._x1-t._x0;return n?(3*(t._y1-t._y0)/n-e)/2:e}function co(t,e,n){var i=t._x0,r=t._y0,s=t._x1,o=t._y1,a=(s-i)/3;t._context.bezierCurveTo(i+a,r+a*e,s-a,o-a*n,s,o)}function fr(t){this._context=t}function Fg(t){this._context=new Wc(t)}function Wc(t){this._context=t}function Kc(t){return new fr(t)}function Hg(t){this._context=t}function Pc(t){var e,n=t.length-1,i,r=new Array(n),s=new Array(n),o=new Array(n);for(r[0]=0,s[0]=2,o[0]=t[0]+2*t[1],e=1;e<n-1;++e)r[e]=1,s[e]=4,o[e]=4*t[e]+2*t[e+1];for(r[n-1]=2,s[n-1]=7,o[n-1]=8*t[n-1]+t[n],e=1;e<n;++e)i=r[e]/s[e-1],s[e]-=i,o[e]-=i*o[e-1];for(r[n-1]=o[n-1]/s[n-1],e=n-2;e>=0;--e)r[e]=(o[e]-r[e+1])/s[e];for(s[n-1]=(t[n]+r[n-1])/2,e=0;e<n-1;++e)s[e]=2*t[e+1]-r[e+1];return[r,s]}function Vg(t,e){this._context=t,this._t=e}var Pg,ho,qe,Rc,ur,vv,Oc,wv,xv,$v,Ng,Sv,Vc,Mv,Ev,kv,Rv,Cv,zg,Tv,Av,Pv,Ov,Nv,zv,Iv,Lv,Xc=b(()=>{kc();Pg=Math.cos,ho=Math.sin,qe=Math.sqrt,Rc=1e-12,ur=Math.PI,vv=ur/2,Oc=2*ur;wv=Array.prototype.slice;Ic.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:this._context.lineTo(t,e);break}}};xv=Og(fo);Hc.prototype={areaStart:function(){this._curve.areaStart()},areaEnd:function(){this._curve.areaEnd()},lineStart:function(){this._curve.lineStart()},lineEnd:function(){this._curve.lineEnd()},point:function(t,e){this._curve.point(e*Math.sin(t),e*-Math.cos(t))}};$v=qe(3),Ng=qe(1/3),Sv=Ng*2,Vc=ho(ur/10)/ho(7*ur/10),Mv=ho(Oc/10)*Vc,Ev=-Pg(Oc/10)*Vc,kv=qe(3),Rv=qe(3),Cv=qe(3)/2,zg=1/qe(12),Tv=(zg/2+1)*3;mo.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){switch(this._point){case 3:cr(this,this._x1,this._y1);case 2:this._context.lineTo(this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,this._context.lineTo((5*this._x0+this._x1)/6,(5*this._y0+this._y1)/6);default:cr(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};Ig.prototype={areaStart:Kt,areaEnd:Kt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._y0=this._y1=this._y2=this._y3=this._y4=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x2,this._y2),this._context.closePath();break}case 2:{this._context.moveTo((this._x2+2*this._x3)/3,(this._y2+2*this._y3)/3),this._context.lineTo((this._x3+2*this._x2)/3,(this._y3+2*this._y2)/3),this._context.closePath();break}case 3:{this.point(this._x2,this._y2),this.point(this._x3,this._y3),this.point(this._x4,this._y4);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x2=t,this._y2=e;break;case 1:this._point=2,this._x3=t,this._y3=e;break;case 2:this._point=3,this._x4=t,this._y4=e,this._context.moveTo((this._x0+4*this._x1+t)/6,(this._y0+4*this._y1+e)/6);break;default:cr(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};Lg.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3;var n=(this._x0+4*this._x1+t)/6,i=(this._y0+4*this._y1+e)/6;this._line?this._context.lineTo(n,i):this._context.moveTo(n,i);break;case 3:this._point=4;default:cr(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};qc.prototype={lineStart:function(){this._x=[],this._y=[],this._basis.lineStart()},lineEnd:function(){var t=this._x,e=this._y,n=t.length-1;if(n>0)for(var i=t[0],r=e[0],s=t[n]-i,o=e[n]-r,a=-1,l;++a<=n;)l=a/n,this._basis.point(this._beta*t[a]+(1-this._beta)*(i+l*s),this._beta*e[a]+(1-this._beta)*(r+l*o));this._x=this._y=null,this._basis.lineEnd()},point:function(t,e){this._x.push(+t),this._y.push(+e)}};Av=(function t(e){function n(i){return e===1?new mo(i):new qc(i,e)}return n.beta=function(i){return t(+i)},n})(.85);go.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:hr(this,this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2,this._x1=t,this._y1=e;break;case 2:this._point=3;default:hr(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};Pv=(function t(e){function n(i){return new go(i,e)}return n.tension=function(i){return t(+i)},n})(0);_o.prototype={areaStart:Kt,areaEnd:Kt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:hr(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};Ov=(function t(e){function n(i){return new _o(i,e)}return n.tension=function(i){return t(+i)},n})(0);yo.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:hr(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};Nv=(function t(e){function n(i){return new yo(i,e)}return n.tension=function(i){return t(+i)},n})(0);Bc.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:this.point(this._x2,this._y2);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3;default:bo(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};zv=(function t(e){function n(i){return e?new Bc(i,e):new go(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);Uc.prototype={areaStart:Kt,areaEnd:Kt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:bo(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};Iv=(function t(e){function n(i){return e?new Uc(i,e):new _o(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);jc.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:bo(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};Lv=(function t(e){function n(i){return e?new jc(i,e):new yo(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);Dg.prototype={areaStart:Kt,areaEnd:Kt,lineStart:function(){this._point=0},lineEnd:function(){this._point&&this._context.closePath()},point:function(t,e){t=+t,e=+e,this._point?this._context.lineTo(t,e):(this._point=1,this._context.moveTo(t,e))}};fr.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=this._t0=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x1,this._y1);break;case 3:co(this,this._t0,Ac(this,this._t0));break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){var n=NaN;if(t=+t,e=+e,!(t===this._x1&&e===this._y1)){switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,co(this,Ac(this,n=Tc(this,t,e)),n);break;default:co(this,this._t0,n=Tc(this,t,e));break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e,this._t0=n}}};(Fg.prototype=Object.create(fr.prototype)).point=function(t,e){fr.prototype.point.call(this,e,t)};Wc.prototype={moveTo:function(t,e){this._context.moveTo(e,t)},closePath:function(){this._context.closePath()},lineTo:function(t,e){this._context.lineTo(e,t)},bezierCurveTo:function(t,e,n,i,r,s){this._context.bezierCurveTo(e,t,i,n,s,r)}};Hg.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=[],this._y=[]},lineEnd:function(){var t=this._x,e=this._y,n=t.length;if(n)if(this._line?this._context.lineTo(t[0],e[0]):this._context.moveTo(t[0],e[0]),n===2)this._context.lineTo(t[1],e[1]);else for(var i=Pc(t),r=Pc(e),s=0,o=1;o<n;++s,++o)this._context.bezierCurveTo(i[0][s],r[0][s],i[1][s],r[1][s],t[o],e[o]);(this._line||this._line!==0&&n===1)&&this._context.closePath(),this._line=1-this._line,this._x=this._y=null},point:function(t,e){this._x.push(+t),this._y.push(+e)}};Vg.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=this._y=NaN,this._point=0},lineEnd:function(){0<this._t&&this._t<1&&this._point===2&&this._context.lineTo(this._x,this._y),(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line>=0&&(this._t=1-this._t,this._line=1-this._line)},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:{if(this._t<=0)this._context.lineTo(this._x,e),this._context.lineTo(t,e);else{var n=this._x*(1-this._t)+t*this._t;this._context.lineTo(n,this._y),this._context.lineTo(n,e)}break}}this._x=t,this._y=e}}});function qg(t){let e=[];for(let n=0;n+1<t.length;n++)e.push((t[n]+t[n+1])/2);return e}function In(t){let e=0;for(let n of t)n!==null&&Number.isFinite(n)&&n>e&&(e=n);return e}function Yc(t,e,n,i,r,s){let o=qg(e);if(!(s>0)||o.length===0)return"";let a=o.map((h,c)=>[h,Math.max(0,t[c]??0)]);a.unshift([e[0],0]),a.push([e[e.length-1],0]);let l=h=>h/s*r;return Fc().x(h=>n(h[0])).y0(h=>i-l(h[1])).y1(h=>i+l(h[1])).curve(Kc)(a)??""}function Gc(t,e,n,i,r,s){if(!(s>0))return[];let o=[];return t.forEach((a,l)=>{let u=e[l],h=e[l+1];if(u===void 0||h===void 0||a<=0)return;let c=Math.max(1,a/s*r),f=n(u);o.push({x:f,y:i-c,width:Math.max(.5,n(h)-f-.5),height:c,count:a,low:u,high:h})}),o}function Qc(t,e,n){let i=t.map((o,a)=>[e[a]??0,o]);return(po().defined(o=>o[1]!==null&&Number.isFinite(o[1])).x(o=>o[0]).y(o=>n(o[1]))(i)??"").replace(/M([^MLZ]+)Z/g,(o,a)=>`M${a}L${a}`)}function Zc(t){let e=0,n=0;for(let i of t)i===null||!Number.isFinite(i)||(i<e&&(e=i),i>n&&(n=i));return e===n?[e-1,n+1]:[e,n]}var vo=b(()=>{"use strict";Xc()});var Be,wo=b(()=>{"use strict";Be=class{constructor(e,n){this.host=e;this.width=n;this.observer=null;e.addController(this)}hostConnected(){this.observer=new ResizeObserver(e=>{let n=Math.floor(e[0]?.contentRect.width??0);n>0&&Math.abs(n-this.width)>=1&&(this.width=n,this.host.requestUpdate())}),this.observer.observe(this.host)}hostDisconnected(){this.observer?.disconnect(),this.observer=null}}});var Jc,xo,bt,th=b(()=>{"use strict";G();vt();gs();Gu();ao();ke();Sc();dn();un();be();vo();sn();wo();wt();Ht();Jc=46,xo=10,bt=class extends L{constructor(){super(...arguments);this.data=null;this.loading=!1;this.error="";this.size=new Be(this,320);this.shapes=new Map;this.plotDrawn=null;this.widthDrawn=0;this.widthChanged=!1}rows(){let n=this.data;if(!n)return[];let i=this.info.identities,r=n.identities.map(s=>({key:s.identity,column:se(n.metric,s.identity),title:s.identity,color:Ct(i,s.identity),hist:s,edges:n.bin_edges,domain:n.domain,axisGroup:"metric"}));return n.gap&&r.push({key:"gap",column:"gap",title:`gap: ${Rt(this.state.x1,this.state.x2)}`,color:fn,hist:n.gap,edges:n.gap.bin_edges,domain:n.gap.domain,axisGroup:"gap"}),r}scale(n){return Nn().domain(n).range([xo,Math.max(xo+10,this.size.width-xo)])}setPlot(n){V(this,"state-change",{plot:n})}renderRow(n,i,r){let s=this.scale(n.domain),o=Jc,a=o/2,l=n.hist.quantiles,u=this.state.ranges.find(_=>_.column===n.column),h=u?$c(u,s.domain(),s.range()):null,[c,f]=n.domain,d=c<0&&f>0?s(0):null,g=this.shapes.get(n.key);g===void 0&&(g=this.state.plot==="histogram"?Gc(n.hist.counts,n.edges,s,o-2,o-6,r).map(_=>ct`<rect x=${_.x} y=${_.y} width=${_.width} height=${_.height} fill=${n.color} fill-opacity="0.75">
                <title>${xt(_.low)} to ${xt(_.high)}: ${j(_.count)}</title></rect>`):ct`<path d=${Yc(n.hist.density,n.edges,s,a,a-3,i)} fill=${n.color}
                fill-opacity="0.6" stroke=${n.color}></path>`,this.shapes.set(n.key,g));let y=this.state.plot==="violin"&&l.q1!==null&&l.q3!==null&&l.median!==null?ct`
            ${l.min!==null&&l.max!==null?ct`<line class="whisker" x1=${s(l.min)} x2=${s(l.max)} y1=${a} y2=${a}></line>`:x}
            <line class="box" x1=${s(l.q1)} x2=${s(l.q3)} y1=${a} y2=${a}></line>
            <circle class="median" cx=${s(l.median)} cy=${a} r="2.5"></circle>`:x,p=`${n.column}: distribution over ${j(n.hist.n)} labels. Drag to add a range filter.`;return m`
      <div class="row-head">
        <span class="name"><span class="swatch" style="background:${n.color}"></span>${n.title}</span>
        <span class="n">n=${j(n.hist.n)}${n.hist.undefined?`, ${j(n.hist.undefined)} undefined`:""}${l.median!==null?` · median ${xt(l.median)}`:""}</span>
      </div>
      <svg
        width=${this.size.width}
        height=${o}
        role="img"
        aria-label=${p}
        data-testid=${`violin-${n.key}`}
        data-column=${n.column}
      >
        ${h?ct`<rect class="band" x=${h[0]} y="1" width=${Math.max(1,h[1]-h[0])} height=${o-2}>
              <title>${u?ln(u):""}</title></rect>`:x}
        ${d!==null?ct`<line class="zero" x1=${d} x2=${d} y1="0" y2=${o}></line>`:x}
        ${g} ${y}
        <g class="brush" data-column=${n.column} data-domain=${n.domain.join(",")}></g>
      </svg>
    `}renderAxis(n,i){return m`<svg width=${this.size.width} height="22" aria-hidden="true">
      <g class="axis" data-axis=${n} data-domain=${i.join(",")} transform="translate(0,2)"></g>
    </svg>`}willUpdate(n){this.widthChanged=this.size.width!==this.widthDrawn,this.widthDrawn=this.size.width,(n.has("data")||this.widthChanged||this.plotDrawn!==this.state.plot)&&(this.shapes.clear(),this.plotDrawn=this.state.plot)}updated(n){if(!n.has("data")&&!this.widthChanged)return;let i=this.renderRoot;i.querySelectorAll("g.axis").forEach(r=>{let s=(r.dataset.domain??"0,1").split(",").map(Number);st(r).call(Al(this.scale(s)).ticks(Math.max(2,Math.floor(this.size.width/70))).tickSizeOuter(0))}),i.querySelectorAll("g.brush").forEach(r=>{let s=r.dataset.column??"",o=(r.dataset.domain??"0,1").split(",").map(Number),a=this.scale(o),l=Yu().extent([[a.range()[0],0],[a.range()[1],Jc]]).on("end",u=>{if(!u.sourceEvent||!u.selection)return;let[h,c]=u.selection;if(st(r).call(l.move,null),Math.abs(c-h)<2)return;let f=xc([h,c],a.domain(),a.range());f.low===null&&f.high===null||V(this,"state-change",{ranges:si(this.state.ranges,{column:s,...f},this.maxRanges)})});st(r).call(l)})}render(){let n=this.data,i=this.rows(),r=i.filter(u=>u.axisGroup==="metric"),s=i.filter(u=>u.axisGroup==="gap"),o=In(r.flatMap(u=>u.hist.density)),a=In(r.flatMap(u=>u.hist.counts)),l=this.state.plot;return m`
      <div class="head">
        <h2 id="dist-title">Distributions</h2>
        <div class="kind" role="group" aria-label="Plot type">
          <button type="button" aria-pressed=${l==="violin"} data-testid="plot-violin" @click=${()=>this.setPlot("violin")}>
            Violin
          </button>
          <button
            type="button"
            aria-pressed=${l==="histogram"}
            data-testid="plot-histogram"
            @click=${()=>this.setPlot("histogram")}
          >
            Histogram
          </button>
        </div>
      </div>
      ${n?m`<p class="sub">${n.metric} per identity over ${j(n.total)} labels, and the gap</p>`:x}
      ${this.error?m`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:x}
      ${!n&&this.loading?m`<p class="loading" data-testid="loading">Loading distributions\u2026</p>`:x}
      ${n?m`
            <div class="plots" aria-busy=${this.loading} aria-labelledby="dist-title">
              ${n.total===0?m`<p class="hint">No labels pass the filters.</p>`:x}
              ${r.map(u=>this.renderRow(u,o,a))}
              ${r.length?this.renderAxis("metric",n.domain):x}
              ${s.map(u=>m`<div class="gap-title"></div>
                    ${this.renderRow(u,In(u.hist.density),In(u.hist.counts))}
                    ${this.renderAxis("gap",u.domain)}`)}
              <p class="hint">Drag along a plot to keep only labels in that range.</p>
            </div>
          `:x}
    `}};bt.styles=[Z,D`
      .head {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        gap: 8px;
      }
      .kind {
        display: inline-flex;
        border: 1px solid var(--border);
        border-radius: 4px;
        overflow: hidden;
      }
      .kind button {
        border: none;
        border-radius: 0;
        padding: 0 6px;
        font-size: 12px;
      }
      .sub {
        color: var(--muted);
        font-size: 12px;
        margin: 0 0 4px;
      }
      .kind button[aria-pressed="true"] {
        background: var(--accent);
        color: #fff;
      }
      .plots[aria-busy="true"] {
        opacity: 0.55;
      }
      .row-head {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        font-size: 12px;
        margin-top: 4px;
      }
      .row-head .name {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .swatch {
        width: 10px;
        height: 10px;
        border-radius: 2px;
        flex: none;
      }
      .n {
        color: var(--muted);
        white-space: nowrap;
      }
      svg {
        display: block;
        overflow: visible;
      }
      .band {
        fill: #0072b2;
        fill-opacity: 0.12;
        stroke: #0072b2;
        stroke-opacity: 0.5;
        stroke-dasharray: 3 2;
      }
      .box {
        stroke: #1f1f1f;
        stroke-width: 3;
      }
      .whisker {
        stroke: #1f1f1f;
        stroke-width: 1;
      }
      .median {
        fill: #fff;
        stroke: #1f1f1f;
      }
      .zero {
        stroke: #9aa0a6;
        stroke-dasharray: 2 2;
      }
      .axis text {
        fill: var(--muted);
      }
      .gap-title {
        margin-top: 14px;
      }
      .hint {
        color: var(--muted);
        font-size: 12px;
        margin: 6px 0 0;
      }
    `],w([M({attribute:!1})],bt.prototype,"data",2),w([M({attribute:!1})],bt.prototype,"state",2),w([M({attribute:!1})],bt.prototype,"info",2),w([M({attribute:!1})],bt.prototype,"maxRanges",2),w([M({type:Boolean})],bt.prototype,"loading",2),w([M({attribute:!1})],bt.prototype,"error",2),bt=w([Q("tb-bias-distributions")],bt)});function ge(t,e,n,i,r=""){return m`<label class=${r}>
    <input type="checkbox" data-testid=${t} .checked=${e} @change=${s=>n(s.target.checked)} />${i}
  </label>`}var $o=b(()=>{"use strict";G()});var It,eh=b(()=>{"use strict";G();vt();un();sn();$o();wt();Ht();It=class extends L{constructor(){super(...arguments);this.formError=""}change(n){V(this,"state-change",{ranges:n})}onAdd(n){n.preventDefault();let i=n.target,r=new FormData(i),s=String(r.get("column")??""),o=Ar(String(r.get("low")??"")),a=Ar(String(r.get("high")??""));o===void 0||a===void 0?this.formError="Bounds must be numbers (or empty for no bound).":o===null&&a===null?this.formError="Give a minimum, a maximum or both.":o!==null&&a!==null&&o>a?this.formError="The minimum is above the maximum.":!this.state.ranges.some(l=>l.column===s)&&this.state.ranges.length>=this.maxRanges?this.formError=`At most ${this.maxRanges} range filters.`:(this.formError="",this.change(si(this.state.ranges,{column:s,low:o,high:a},this.maxRanges)),i.reset())}render(){let n=this.state,i=za(this.info.identities,n.metric,this.info.kind==="counts",n.x2!==null);return m`
      <div class="chips" role="list" aria-label="Active range filters" data-testid="filter-chips">
        ${n.ranges.length===0?m`<span class="none">No range filters. Brush a plot or add one below.</span>`:x}
        ${n.ranges.map(r=>m`
            <span class="chip" role="listitem" data-testid="filter-chip" data-column=${r.column}>
              <span>${ln(r)}</span>
              <button
                type="button"
                data-testid="filter-chip-remove"
                aria-label=${`Remove filter ${ln(r)}`}
                @click=${()=>this.change(_a(n.ranges,r.column))}
              >
                \u00d7
              </button>
            </span>
          `)}
        ${n.ranges.length>1?m`<button type="button" data-testid="clear-filters" @click=${()=>this.change([])}>Clear all</button>`:x}
      </div>
      <form @submit=${this.onAdd} aria-label="Add a range filter" data-testid="range-form">
        <select name="column" data-testid="range-column" aria-label="Column to filter">
          ${i.map(r=>m`<option .value=${r.id}>${r.title}</option>`)}
        </select>
        <input name="low" type="text" inputmode="decimal" placeholder="min" aria-label="Minimum (empty: no minimum)" data-testid="range-min" />
        <input name="high" type="text" inputmode="decimal" placeholder="max" aria-label="Maximum (empty: no maximum)" data-testid="range-max" />
        <button type="submit" data-testid="range-add">Add</button>
      </form>
      ${this.formError?m`<div class="error" role="alert">${this.formError}</div>`:x}
      <div class="options">
        <label>
          Min. count C(y)
          <input
            type="number"
            min="0"
            step="1"
            data-testid="min-count-input"
            .value=${String(n.minCount)}
            @change=${r=>{let s=r.target,o=Math.floor(Number(s.value));Number.isFinite(o)&&o>=0?V(this,"state-change",{minCount:o}):s.value=String(n.minCount)}}
          />
        </label>
        ${ge("include-zero-checkbox",n.includeZero,r=>V(this,"state-change",{includeZero:r}),"Include labels never seen with one of the pair")}
        ${ge("include-undefined-checkbox",n.includeUndefined,r=>V(this,"state-change",{includeUndefined:r}),"Include undefined gaps (ranked last)")}
      </div>
    `}};It.styles=[Z,D`
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin-bottom: 8px;
        min-height: 24px;
        align-items: center;
      }
      .chip {
        display: inline-flex;
        align-items: center;
        gap: 4px;
        background: var(--selected);
        border: 1px solid #b6d3ea;
        border-radius: 12px;
        padding: 1px 2px 1px 8px;
        max-width: 100%;
      }
      .chip span {
        overflow-wrap: anywhere;
      }
      .chip button {
        border: none;
        background: transparent;
        border-radius: 50%;
        width: 20px;
        height: 20px;
        padding: 0;
        line-height: 1;
      }
      .chip button:hover {
        background: #cfe2f3;
      }
      .none {
        color: var(--muted);
      }
      form {
        display: grid;
        grid-template-columns: 1fr 1fr auto;
        gap: 4px;
      }
      form select {
        grid-column: 1 / -1;
      }
      .options {
        display: grid;
        gap: 4px;
        margin-top: 8px;
      }
      .options label {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      .options input[type="number"] {
        width: 6rem;
      }
    `],w([M({attribute:!1})],It.prototype,"state",2),w([M({attribute:!1})],It.prototype,"info",2),w([M({attribute:!1})],It.prototype,"maxRanges",2),w([H()],It.prototype,"formError",2),It=w([Q("tb-bias-filters")],It)});var nh,Ln,dt,ih=b(()=>{"use strict";G();vt();gs();ao();ke();dn();be();vo();wo();wt();Ht();nh=210,Ln={top:26,right:40,bottom:12,left:46},dt=class extends L{constructor(){super(...arguments);this.rows=[];this.missing=[];this.hovered=null;this.valueDomain=null;this.loading=!1;this.error="";this.size=new Be(this,600);this.widthDrawn=0}scales(){let n=this.info.identities,i=wc().domain(n).range([Ln.left,Math.max(Ln.left+40,this.size.width-Ln.right)]).padding(n.length===1?.5:0),r=this.valueDomain??Zc(this.rows.flatMap(o=>n.map(a=>o.values[a]??null))),s=Nn().domain(r).range([nh-Ln.bottom,Ln.top]).nice();return{x:i,y:s}}updated(n){let i=this.size.width!==this.widthDrawn;if(this.widthDrawn=this.size.width,!i&&!["rows","valueDomain","info","state"].some(s=>n.has(s)))return;let{y:r}=this.scales();this.renderRoot.querySelectorAll("g.axis").forEach((s,o)=>{let a=Pl(r).ticks(5).tickSizeOuter(0);o>0&&a.tickFormat(()=>""),st(s).call(a)})}render(){let n=this.state,i=this.info.identities,r=this.rows.length,s=m`<div class="head">
      <h2 id="pcp-title">Selected labels${r?` (${r})`:""}</h2>
      ${r?m`<span class="legend" aria-label="Line colour">
            <span><i style="background:${Ct(i,n.x1)}"></i>gap towards ${n.x1}</span>
            ${n.x2!==null?m`<span><i style="background:${ae(i,n.x1,n.x2,-1)}"></i>towards ${n.x2==="rest"?"the rest":n.x2}</span>`:x}
          </span>`:x}
    </div>`,o=this.error?m`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:x,a=this.missing.length?m`<p class="hint" data-testid="pcp-missing">
          ${this.missing.length} selected label${this.missing.length===1?" is":"s are"} not in this table.
        </p>`:x;if(n.selected.length===0)return m`${s}${o}
        <p class="hint" data-testid="pcp-empty">
          Tick labels in the table to compare their ${n.metric} across ${i.join(", ")} here.
        </p>`;if(r===0)return m`${s}${o}${a}
        ${this.loading?m`<p class="loading" data-testid="loading">Loading selected labels\u2026</p>`:x}`;let{x:l,y:u}=this.scales(),h=i.map(d=>l(d)??0),c=this.hovered===null?void 0:this.rows.find(d=>d.label===this.hovered),f=c?c.label:null;return m`${s}${o}
      <p class="hover" data-testid="pcp-hover-label" aria-live="polite">
        ${c?m`<strong>${c.label}</strong>: ${i.map(d=>`${d} ${xt(c.values[d]??null)}`).join(", ")}; gap ${ee(c.gap)}`:m`<span class="muted">Hover a line or a table row to see its values.</span>`}
      </p>
      <svg
        width=${this.size.width}
        height=${nh}
        role="img"
        aria-labelledby="pcp-title"
        aria-busy=${this.loading}
        data-testid="pcp"
      >
        ${i.map((d,g)=>ct`
            <g class="axis" transform=${`translate(${h[g]},0)`}></g>
            <text class="axis-title" x=${h[g]} y="14" text-anchor="middle"
              fill=${vi(i,d)}>${d}</text>`)}
        ${this.rows.map(d=>{let g=Qc(i.map(p=>d.values[p]??null),h,u),y=f===null?"line":d.label===f?"line hovered":"line dim";return ct`<path class=${y} data-testid="pcp-line" data-label=${d.label} d=${g}
              stroke=${ae(i,n.x1,n.x2,d.gap)}></path>
            <path class="hit" d=${g}
              @mouseenter=${()=>V(this,"hover-label",d.label)}
              @mouseleave=${()=>V(this,"hover-label",null)}>
              <title>${d.label}: ${n.metric} ${i.map(p=>`${p} ${xt(d.values[p]??null)}`).join(", ")}; gap (${Rt(n.x1,n.x2)}) ${ee(d.gap)}</title>
            </path>`})}
      </svg>
      ${a}`}};dt.styles=[Z,D`
      .head {
        display: flex;
        gap: 12px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .legend {
        display: inline-flex;
        gap: 12px;
        color: var(--muted);
        font-size: 12px;
      }
      .legend i {
        display: inline-block;
        width: 14px;
        height: 3px;
        vertical-align: middle;
        margin-right: 4px;
      }
      svg {
        display: block;
      }
      svg[aria-busy="true"] {
        opacity: 0.55;
      }
      path.line {
        fill: none;
        stroke-width: 1.6;
        stroke-opacity: 0.75;
        stroke-linecap: round;
        stroke-linejoin: round;
        pointer-events: none;
      }
      path.line.hovered {
        stroke-width: 3.5;
        stroke-opacity: 1;
      }
      path.line.dim {
        stroke-opacity: 0.2;
      }
      path.hit {
        fill: none;
        stroke: transparent;
        stroke-width: 9;
        stroke-linecap: round;
        cursor: pointer;
      }
      .axis-title {
        font-weight: 600;
        font-size: 12px;
      }
      .hover {
        margin: 0;
        min-height: 1.4em;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .muted {
        color: var(--muted);
      }
      .hint {
        color: var(--muted);
        margin: 4px 0;
      }
    `],w([M({attribute:!1})],dt.prototype,"rows",2),w([M({attribute:!1})],dt.prototype,"missing",2),w([M({attribute:!1})],dt.prototype,"state",2),w([M({attribute:!1})],dt.prototype,"info",2),w([M({attribute:!1})],dt.prototype,"hovered",2),w([M({attribute:!1})],dt.prototype,"valueDomain",2),w([M({type:Boolean})],dt.prototype,"loading",2),w([M({attribute:!1})],dt.prototype,"error",2),dt=w([Q("tb-bias-pcp")],dt)});function Ue(t){return t.replace(/[^A-Za-z0-9._-]+/g,"_")}function rh(t){return{href:xa(t),filename:`tb_bias_${Ue(t.run)}_${Ue(t.tag)}_${Ue(t.metric)}.csv`}}function sh(t){return{href:$a(t),filename:`tb_bias_${Ue(t.run)}_${Ue(t.tag)}_${Ue(t.metric)}_flagged.csv`}}var oh=b(()=>{"use strict";re()});function Wg(t,e){return t===null||e===null?"none (one identity)":e==="rest"?`${t} − mean of the rest`:`${t} − ${e}`}var ah,Bg,Ug,So,jg,it,lh=b(()=>{"use strict";G();vt();jr();yi();te();Qr();dn();un();oh();as();be();re();mi();Zr();ls();$o();hs();fs();wt();Ht();ah=30,Bg=25,Ug=300,So=class extends we{constructor(...e){super(...e),this._overhang=4*ah,this._itemSize={width:100,height:ah}}},jg={type:So};it=class extends L{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.selected=new Set;this.hovered=null;this.revision=0;this.valueDomain=[-1,1];this.gapDomain=[-2,2];this.busy=!1;this.draft=null;this.lastEmittedQ=null;this.meta=null;this.rows=new Ee(this,()=>({pageSize:this.limits.page_size,maxRequest:this.limits.max_limit}));this.sendSearch=n=>{this.lastEmittedQ=n,V(this,"state-change",{q:n})};this.searchSoon=os(this.sendSearch,Bg);this.searchWhenIdle=os(this.sendSearch,Ug);this.onRowEnter=n=>{let i=this.rowLabel(n);i!==null&&V(this,"hover-label",i)};this.onRowLeave=n=>{this.rowLabel(n)!==null&&V(this,"hover-label",null)};this.onSelectChange=n=>{let i=this.rowLabel(n);if(i===null)return;let r=n.target.checked;this.change({selected:di(this.state.selected,[i],r,this.limits.max_selected)})};this.onFlagClick=n=>{let i=this.rowLabel(n);i!==null&&V(this,"flag-op",{kind:"flagged",labels:[i],on:!this.flags.flagged.has(i)})};this.onHideClick=n=>{let i=this.rowLabel(n);i!==null&&V(this,"flag-op",{kind:"hidden",labels:[i],on:!this.flags.hidden.has(i)})};this.onRowsScroll=n=>{let i=this.renderRoot.querySelector(".header-viewport"),r=n.currentTarget.scrollLeft;i&&i.scrollLeft!==r&&(i.scrollLeft=r)}}disconnectedCallback(){super.disconnectedCallback(),this.searchSoon.cancel(),this.searchWhenIdle.cancel()}willUpdate(n){if(n.has("state")&&this.state.q!==this.lastEmittedQ&&(this.draft=null),n.has("state")||n.has("revision")||n.has("api")){let i=this.state,r=`${pi(i)}|${i.sort}|${i.order}`,s=`${r}|${this.revision}`,o=this.rows.key!==null&&this.rows.key.startsWith(`${r}|`);if(this.rows.setQuery(s,async(l,u,h)=>{try{let c=await this.api.get(on(i,l,u),h);return h.aborted||(this.meta=c),{rows:c.rows,total:c.total}}finally{h.aborted||V(this,"rows-loaded",null)}},{keepRows:!0,fromTop:!o})&&!o){let l=this.renderRoot.querySelector("lit-virtualizer");l&&(l.scrollTop=0)}}}columns(){return Na(this.info.identities,this.state.metric,this.state.showCounts,this.state.x2!==null)}onSearch(n){let i=n.target.value;this.draft=i,Ma(i)?(this.searchWhenIdle.cancel(),this.searchSoon(i)):(this.searchSoon.cancel(),this.searchWhenIdle(i))}change(n){V(this,"state-change",n)}bulk(n,i){V(this,"bulk-op",{kind:n,on:i})}sortHeader(n){let i=this.state,r=i.sort===n.id,s=r?`, sorted ${i.order==="abs"?"by absolute value":cs(!0,i.order).ariaSort}`:"",o=n.kind==="gap";return Ti({testid:`sort-header-${n.id}`,className:n.kind==="label"?"cell label":"cell",title:o?`gap of ${i.metric}: ${Rt(i.x1,i.x2)}`:li(n.id),ariaLabel:`${o?`Gap, ${Rt(i.x1,i.x2)}`:li(n.id)}${s}. Click to sort.`,content:m`<span class="t" style=${gi({color:n.kind==="value"?vi(this.info.identities,n.identity):""})}
        >${n.title}</span
      >`,active:r,order:i.order,onSort:()=>this.change(Ba(i,n.id))})}cell(n,i){let r=this.state,s=this.info.identities;switch(i.kind){case"label":return m`<div role="cell" class="cell label" data-testid="cell-label" title=${n?n.label:""}
          >${n?n.label:"Loading…"}</div
        >`;case"value":{let o=n?n.values[i.identity??""]??null:null;return m`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-value"
          data-identity=${i.identity??""}
          style=${Gr(o,this.valueDomain,Ct(s,i.identity))}
        >${n?xt(o):""}</div>`}case"gap":{let o=n?n.gap:null;return m`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-gap"
          style=${Gr(o,this.gapDomain,ae(s,r.x1,r.x2,o))}
        >${n?ee(o):""}</div>`}case"count":{let o=n?i.identity===null?n.count:n.cooccurrence?.[i.identity]??null:null;return m`<div role="cell" class="cell num" data-testid="cell-count">${n?j(o):""}</div>`}}}rowLabel(n){return n.currentTarget.closest("[role=row]")?.dataset.label??null}toggleButton(n,i,r,s,o,a,l,u){let h=s?r:i;return m`<button
      type="button"
      class=${n}
      data-testid=${`${n}-button`}
      ?hidden=${o}
      aria-pressed=${s}
      aria-label=${`${h} ${a}`}
      title=${h}
      ?disabled=${this.busy}
      @click=${l}
    >
      ${u}
    </button>`}renderRow(n,i){let r=this.rows.cache.get(n),s=r?r.label:"",o=r!==void 0&&this.flags.flagged.has(s),a=r!==void 0&&this.flags.hidden.has(s),l=r!==void 0&&this.selected.has(s),u=["row",r?"data":"placeholder",l?"selected":"",a?"hidden-label":"",r!==void 0&&this.hovered===s?"hovered":"",r!==void 0&&this.rows.cache.isStale(n)?"stale":""].join(" ");return m`<div
      class=${u}
      role="row"
      aria-rowindex=${n+2}
      aria-selected=${r?String(l):x}
      aria-busy=${r?x:"true"}
      data-testid=${r?"table-row":"table-row-placeholder"}
      data-label=${r?s:x}
      data-rank=${r?n+1:x}
      @mouseenter=${this.onRowEnter}
      @mouseleave=${this.onRowLeave}
      @focusin=${this.onRowEnter}
      @focusout=${this.onRowLeave}
    >
      <div class="lead" role="none">
      <div role="cell" class="cell select">
        <input
          type="checkbox"
          data-testid="select-checkbox"
          ?hidden=${!r}
          aria-label=${`Select ${s} for parallel coordinates`}
          .checked=${l}
          @change=${this.onSelectChange}
        />
      </div>
      <div role="cell" class="cell actions">
        ${this.toggleButton("flag","Flag","Unflag",o,r===void 0,s,this.onFlagClick,wi)}
        ${this.toggleButton("hide","Hide","Unhide",a,r===void 0,s,this.onHideClick,Za)}
      </div>
      ${this.cell(r,i[0])}
      </div>
      ${i.slice(1).map(h=>this.cell(r,h))}
    </div>`}toolbar(){let n=this.state,i=rh(n),r=sh(n);return m`
      <div class="toolbar">
        <div class="search" role="search">
          <label class="visually-hidden" for="search">Search labels (regular expression)</label>
          <input
            id="search"
            type="search"
            data-testid="search-input"
            placeholder="Search labels (regular expression)"
            autocomplete="off"
            spellcheck="false"
            .value=${this.draft??n.q}
            @input=${this.onSearch}
            @keydown=${s=>{s.key==="Enter"&&(this.searchSoon.flush(),this.searchWhenIdle.flush())}}
          />
          <label class="toggle">
            <input
              type="checkbox"
              data-testid="case-checkbox"
              .checked=${n.caseSensitive}
              @change=${s=>this.change({caseSensitive:s.target.checked})}
            />Aa<span class="visually-hidden">case-sensitive search</span>
          </label>
        </div>
        ${ge("counts-toggle",n.showCounts,s=>this.change({showCounts:s}),"Counts","toggle")}
        ${ge("flagged-only-toggle",n.flaggedOnly,s=>this.change({flaggedOnly:s}),"Flagged only","toggle")}
        ${ge("show-hidden-toggle",n.showHidden,s=>this.change({showHidden:s}),"Show hidden","toggle")}
        <div class="downloads">
          <a href=${i.href} download=${i.filename} data-testid="csv-link">Download CSV</a>
          <a href=${r.href} download=${r.filename} data-testid="flagged-csv-link">Flagged CSV</a>
        </div>
      </div>
    `}summary(n){let i=[ii(n,this.info.num_labels)];return this.meta?.num_examples&&i.push(`${j(this.meta.num_examples)} examples`),i.push(`${this.state.metric}, gap = ${Wg(this.state.x1,this.state.x2)}`),i.filter(r=>r!=="").join(" · ")}bulkBar(n){let i=!n||this.busy;return m`<div class="bulk" role="group" aria-label="Actions on every label of the result">
      <span class="total" data-testid="table-total" aria-live="polite">${this.summary(n)}</span>
      <span aria-hidden="true">\u00b7 all:</span>
      <button type="button" data-testid="flag-all-button" ?disabled=${i} @click=${()=>this.bulk("flagged",!0)}>Flag</button>
      <button type="button" data-testid="unflag-all-button" ?disabled=${i} @click=${()=>this.bulk("flagged",!1)}>Unflag</button>
      <button type="button" data-testid="hide-all-button" ?disabled=${i} @click=${()=>this.bulk("hidden",!0)}>Hide</button>
      <button type="button" data-testid="unhide-all-button" ?disabled=${i} @click=${()=>this.bulk("hidden",!1)}>Unhide</button>
      <button type="button" data-testid="select-all-button" ?disabled=${i} @click=${()=>this.bulk("selected",!0)}>Select</button>
      <button
        type="button"
        data-testid="clear-selection-button"
        ?disabled=${this.state.selected.length===0}
        @click=${()=>this.change({selected:[]})}
      >
        Clear selection
      </button>
    </div>`}render(){let n=this.columns(),i=Ia(n),r=this.rows.cache,s=this.rows.total,o=r.error,a=this.rows.loading;return m`
      ${this.toolbar()} ${this.bulkBar(s)}
      ${o?m`<div class="error" role="alert" data-testid="error-message">
            ${pt(o)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:x}
      <div
        class="table"
        role="table"
        aria-label=${`Labels ranked by ${this.state.sort}`}
        aria-rowcount=${(s??0)+1}
        aria-busy=${a}
        data-testid="ranked-table"
        data-total=${s??""}
        data-loading=${a}
        style=${`--cols: ${i}; --min-width: ${La(n)}rem; --select-width: ${ui}rem; --actions-width: ${ci}rem`}
      >
        <div class="header-viewport" data-testid="table-header">
          <div class="row header" role="row" aria-rowindex="1">
            <div class="lead" role="none">
              <div role="columnheader" class="cell select"><span class="visually-hidden">Selected</span></div>
              <div role="columnheader" class="cell actions" title="Flag or hide a label">
                <span class="visually-hidden">Flag or hide</span>
              </div>
              ${this.sortHeader(n[0])}
            </div>
            ${n.slice(1).map(l=>this.sortHeader(l))}
          </div>
        </div>
        ${s===null&&a?m`<div class="empty loading" data-testid="loading">Loading labels\u2026</div>`:x}
        ${s===0?m`<div class="empty" data-testid="table-empty">No labels match the current filters.</div>`:x}
        ${Ci(this.rows,jg,l=>this.renderRow(l,n),this.onRowsScroll)}
      </div>
    `}};it.styles=[Z,Ai,D`
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 12px;
        align-items: center;
        margin-bottom: 6px;
      }
      .search {
        display: flex;
        gap: 6px;
        align-items: center;
        flex: 1 1 16rem;
      }
      .search input[type="search"] {
        flex: 1;
        min-width: 8rem;
      }
      .toggle {
        display: inline-flex;
        gap: 4px;
        align-items: center;
        white-space: nowrap;
      }
      .bulk {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        margin-bottom: 6px;
        color: var(--muted);
      }
      .bulk button {
        padding: 1px 6px;
      }
      .downloads {
        margin-left: auto;
        display: flex;
        gap: 10px;
      }
      .total {
        color: var(--muted);
        white-space: nowrap;
      }
      .row {
        min-width: var(--min-width);
        height: 30px; /* ROW_HEIGHT */
        padding-right: 4px;
        background: #fff;
      }
      /* Select, actions and label: one block that stays in view while the
         rows scroll sideways (one sticky element per row keeps painting cheap). */
      .lead {
        position: sticky;
        left: 0;
        align-self: stretch;
        display: flex;
        align-items: center;
        min-width: 0;
        background: inherit;
        box-shadow: 1px 0 0 #eef0f2;
      }
      .lead > .select {
        flex: none;
        width: var(--select-width);
        display: flex;
        justify-content: center;
        padding: 0;
      }
      .lead > .actions {
        flex: none;
        width: var(--actions-width);
        padding: 0 2px;
      }
      .lead > .label {
        flex: 1;
      }
      .header-viewport {
        overflow: hidden;
        flex: none;
        border-bottom: 1px solid var(--border);
      }
      /* Rows the virtualizer keeps outside the visible part (its overhang)
         are not styled, laid out or painted until they scroll into view. */
      lit-virtualizer > .row {
        content-visibility: auto;
        contain-intrinsic-size: auto 30px;
      }
      .header {
        border-bottom: none;
      }
      .header button {
        display: flex;
        gap: 4px;
        align-items: center;
        overflow: hidden;
      }
      .header button span.t {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .center {
        display: flex;
        justify-content: center;
      }
      /* A value and its bar, drawn as the cell's background (see barStyle):
         the zero line, the fill and the track, left of the number. */
      .valuecell {
        --r: 4rem; /* room for the number */
        --span: calc(100% - var(--r));
        text-align: right;
        font-variant-numeric: tabular-nums;
        background-origin: content-box;
        background-clip: content-box;
        background-image:
          linear-gradient(#9aa0a6, #9aa0a6),
          linear-gradient(var(--c, transparent), var(--c, transparent)),
          linear-gradient(#f1f3f4, #f1f3f4);
        background-repeat: no-repeat;
        background-size:
          1px 14px,
          calc(var(--w, 0) * var(--span)) 10px,
          var(--span) 10px;
        background-position:
          calc(var(--o, -1) * var(--span)) 50%,
          calc(var(--p, 0) * var(--span)) 50%,
          0 50%;
      }
      .row.hovered {
        background: var(--hover);
      }
      .row.selected {
        background: var(--selected);
      }
      .row.selected.hovered {
        background: #f6e7c1;
      }
      .row.hidden-label .label {
        color: var(--muted);
        font-style: italic;
      }
      .placeholder {
        color: var(--muted);
      }
      .actions {
        display: flex;
        gap: 2px;
        justify-content: flex-start;
      }
      .actions button {
        border: 1px solid transparent;
        background: transparent;
        width: 26px;
        height: 24px;
        padding: 0;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        color: #767676;
      }
      .actions button:hover {
        border-color: var(--border);
      }
      .actions button[aria-pressed="true"].flag {
        color: #d55e00;
      }
      .actions button[aria-pressed="true"].hide {
        color: #1f1f1f;
      }
      .status {
        min-height: 18px;
      }
    `],w([M({attribute:!1})],it.prototype,"api",2),w([M({attribute:!1})],it.prototype,"state",2),w([M({attribute:!1})],it.prototype,"info",2),w([M({attribute:!1})],it.prototype,"flags",2),w([M({attribute:!1})],it.prototype,"selected",2),w([M({attribute:!1})],it.prototype,"hovered",2),w([M({type:Number})],it.prototype,"revision",2),w([M({attribute:!1})],it.prototype,"valueDomain",2),w([M({attribute:!1})],it.prototype,"gapDomain",2),w([M({type:Boolean})],it.prototype,"busy",2),w([M({attribute:!1})],it.prototype,"limits",2),it=w([Q("tb-bias-table")],it)});var Kg,Xg,F,uh=b(()=>{"use strict";G();vt();be();kr();wt();te();Cr();Tr();Ea();Ra();Ht();Aa();re();mi();kl();Rl();th();eh();ih();lh();Kg=[{id:"table",title:"Ranked labels"},{id:"compare",title:"Compare runs / steps"}],Xg=250,F=class extends L{constructor(){super(...arguments);this.runs=[];this.config=null;this.effectsPending=!1;this.stateRead=!1;this.unsubscribeHash=null;this.view=hi();this.resolution=null;this.reloading=!1;this.cfg=null;this.measureRuns=null;this.flags=null;this.lookup={flagged:new Set,hidden:new Set};this.notice="";this.rowsRevision=0;this.confirmedFlags=null;this.pendingFlagOps=0;this.rowsChangedByFlags=!1;this.flagChain=Promise.resolve();this.distribution=null;this.distributionLoading=!1;this.distributionError="";this.distributionKey="";this.distributionRequest=new ne(this);this.distributionWaiting=null;this.selectedRows=[];this.selectedMissing=[];this.selectedLoading=!1;this.selectedError="";this.selectedKey="";this.selectedRequest=new ne(this);this.hovered=null;this.bulkBusy=!1;this.reloads=0;this.onHashChange=()=>{let n=this.cfg;if(!n)return;let i=qr(this.hash.read(),n.limits.max_selected),r=s=>JSON.stringify(Br(s,n.default_metric));r(i)!==r(this.view)&&this.applyView(i)};this.onStateChange=n=>{n.stopPropagation(),this.applyView({...this.view,...n.detail})};this.onHover=n=>{n.stopPropagation(),this.hovered=n.detail};this.onRowsLoaded=n=>{n.stopPropagation();let i=this.distributionWaiting;i&&(this.stopWaitingForRows(),this.fetchDistribution(i.url))};this.onFlagOp=n=>{n.stopPropagation(),this.flagOp(n.detail)};this.onBulkOp=n=>{n.stopPropagation(),this.bulkOp(n.detail.kind,n.detail.on)}}connectedCallback(){super.connectedCallback(),this.unsubscribeHash=this.hash?.onExternalChange(this.onHashChange)??null,this.addEventListener("state-change",this.onStateChange),this.addEventListener("flag-op",this.onFlagOp),this.addEventListener("bulk-op",this.onBulkOp),this.addEventListener("hover-label",this.onHover),this.addEventListener("rows-loaded",this.onRowsLoaded)}disconnectedCallback(){super.disconnectedCallback(),this.unsubscribeHash?.(),this.unsubscribeHash=null,this.stopWaitingForRows()}willUpdate(n){if(!n.has("runs")&&!n.has("config")&&!n.has("hash"))return;this.cfg=ka(this.config);let i=this.cfg;i&&(this.measureRuns={runs:this.runs,metrics:i.metrics},n.has("runs")&&(this.reloading=!1),!this.stateRead&&this.hash&&(this.stateRead=!0,this.view=qr(this.hash.read(),i.limits.max_selected)),this.applyView(this.view))}applyView(n){let i=this.resolution?.state.tag??null;if(!this.measureRuns||!this.cfg){this.view=n;return}this.resolution=qa(n,this.measureRuns,this.cfg),this.view=this.resolution?this.resolution.state:n,this.effectsPending=!0;let r=this.resolution?.state;r&&(r.tag!==i?(this.flags=null,this.confirmedFlags=null,this.lookup=Lr(zr(r.tag)),this.loadFlagsFor(r.tag)):this.flags===null&&this.loadFlagsFor(r.tag))}updated(){this.effectsPending&&(this.effectsPending=!1,queueMicrotask(()=>{this.isConnected&&(this.writeUrl(),this.refreshDistribution(!1),this.refreshSelected(!1))}))}writeUrl(){this.cfg&&this.hash?.write(Br(this.view,this.cfg.default_metric))}reload(){this.reloads++,this.rowsRevision++,this.flags=null;let n={settled:null};this.dispatchEvent(new CustomEvent(ri,{detail:n,bubbles:!0,composed:!0})),n.settled&&(this.reloading=!0,n.settled.then(()=>{this.reloading=!1,this.resolution&&this.applyView(this.view)}))}refreshDistribution(n){let i=this.resolution?.state;if(!i)return;let r=ba(i),s=`${r}#${this.reloads}`;if(!n&&s===this.distributionKey)return;if(this.distributionKey=s,this.distributionRequest.abort(),this.distributionLoading=!0,this.stopWaitingForRows(),i.view!=="table"){this.fetchDistribution(r);return}let o=setTimeout(()=>{this.distributionWaiting=null,this.fetchDistribution(r)},Xg);this.distributionWaiting={url:r,timer:o}}stopWaitingForRows(){this.distributionWaiting&&clearTimeout(this.distributionWaiting.timer),this.distributionWaiting=null}fetchDistribution(n){this.distributionLoading=!0,this.distributionRequest.run(i=>this.api.get(n,i),i=>{this.distribution=i,this.distributionError="",this.distributionLoading=!1},i=>{this.distribution=null,this.distributionError=pt(i),this.distributionLoading=!1})}refreshSelected(n){let i=this.resolution?.state;if(!i)return;if(i.selected.length===0){this.selectedKey="",this.selectedRequest.abort(),this.selectedRows=[],this.selectedMissing=[],this.selectedLoading=!1,this.selectedError="";return}let r=Sa(i,i.selected,this.cfg.limits.max_labels),s=`${r.join(`
`)}#${this.reloads}`;if(!n&&s===this.selectedKey)return;this.selectedKey=s,this.selectedLoading=!0;let o=i.selected;this.selectedRequest.run(a=>Promise.all(r.map(l=>this.api.get(l,a))),a=>{let l=new Map;for(let u of a)for(let h of u.rows)l.set(h.label,h);this.selectedRows=o.flatMap(u=>l.get(u)??[]),this.selectedMissing=o.filter(u=>!l.has(u)),this.selectedError="",this.selectedLoading=!1},a=>{this.selectedError=pt(a),this.selectedLoading=!1})}async loadFlagsFor(n){try{let i=await Dr(this.api,n);if(this.resolution?.state.tag!==n)return;this.setFlags(i),this.confirmedFlags=i}catch(i){if(this.resolution?.state.tag!==n)return;this.setFlags(zr(n)),this.confirmedFlags=null,this.notice=`Cannot load flags: ${pt(i)}`}}setFlags(n){this.flags=n,this.lookup=Lr(n)}flagOp(n){let i=this.resolution?.state;if(!i)return;if(!this.flags||this.flags.tag!==i.tag){this.notice="The flags of this table are still loading; try again in a moment.";return}if(Ca(this.flags,n))return;let r=this.flags.tag;this.setFlags(Ir(this.flags,n)),(n.kind==="hidden"&&!i.showHidden||n.kind==="flagged"&&i.flaggedOnly)&&(this.rowsChangedByFlags=!0),this.pendingFlagOps++,this.flagChain=this.flagChain.then(async()=>{try{let s=this.confirmedFlags,o=s&&s.tag===r?s:await Dr(this.api,r),a=await Ta(this.api,o,n);this.resolution?.state.tag===r&&(this.confirmedFlags=a.state),a.rebased&&(this.notice="The flags had been changed elsewhere; your change was applied on top of the latest ones.")}catch(s){this.notice=`Could not save the change: ${pt(s)}`}finally{this.pendingFlagOps--,this.pendingFlagOps===0&&this.confirmedFlags&&this.confirmedFlags.tag===this.resolution?.state.tag&&(this.setFlags(this.confirmedFlags),this.rowsChangedByFlags&&(this.rowsChangedByFlags=!1,this.rowsRevision++,this.refreshDistribution(!0)))}})}async bulkOp(n,i){let r=this.resolution?.state,s=this.cfg?.limits;if(!(!r||!s||this.bulkBusy)){this.bulkBusy=!0;try{if(n==="selected"){let o=s.max_selected,{labels:a,total:l}=await Nr(this.api,r,o,s.max_limit,!0);this.applyView({...this.view,selected:di(this.view.selected,a,i,o)}),l>o&&(this.notice=`Selected the first ${j(o)} of ${j(l)} labels.`)}else{let o=n==="hidden"&&!i?{...r,showHidden:!0}:r,{labels:a}=await Nr(this.api,o,s.bulk_cap,s.max_limit);this.flagOp({kind:n,labels:a,on:i})}}catch(o){this.notice=o instanceof an?`The result has ${j(o.total)} labels; narrow the filters to at most ${j(o.cap)} to change them all at once.`:pt(o)}finally{this.bulkBusy=!1}}}render(){let n=this.cfg;if(!n||!this.measureRuns)return m`<div class="error centered" role="alert" data-testid="error-message">
        The backend sent no usable settings for label associations; upgrade tb-bias and reload.
      </div>`;if(!this.resolution)return m`<p class="centered">No association tables logged.</p>`;let{state:i,info:r}=this.resolution,s=new Set(i.selected),o=this.distribution?.domain??null,a=this.distribution?.gap?.domain??[-2,2];return m`
      <div class="app">
        <aside aria-label="Controls and filters">
          <div class="title">
            <h1>Label associations</h1>
            <button
              type="button"
              data-testid="reload-button"
              aria-busy=${this.reloading}
              @click=${()=>this.reload()}
              title="Fetch new steps and data"
            >
              ${this.reloading?"Reloading…":"Reload"}
            </button>
          </div>
          <section class="panel" aria-labelledby="controls-title">
            <h2 id="controls-title">Data</h2>
            <tb-bias-controls .runs=${this.measureRuns} .state=${i} .info=${r}></tb-bias-controls>
          </section>
          <section class="panel" aria-labelledby="filters-title">
            <h2 id="filters-title">Filters</h2>
            <tb-bias-filters .state=${i} .info=${r} .maxRanges=${n.limits.max_ranges}></tb-bias-filters>
          </section>
          <section class="panel">
            <tb-bias-distributions
              .data=${this.distribution}
              .state=${i}
              .info=${r}
              .maxRanges=${n.limits.max_ranges}
              .loading=${this.distributionLoading}
              .error=${this.distributionError}
            ></tb-bias-distributions>
          </section>
        </aside>
        <main>
          ${this.notice?m`<div class="notice" role="status" data-testid="notice">
                <span>${this.notice}</span>
                <button type="button" aria-label="Dismiss" @click=${()=>this.notice=""}>\u00d7</button>
              </div>`:x}
          ${ni({host:this,label:"Views",testidPrefix:"view-",tabs:Kg,selected:i.view,onSelect:l=>this.applyView({...this.view,view:l})})}
          ${i.view==="table"?m`
                <section class="panel" role="tabpanel" aria-label="Selected labels">
                  <tb-bias-pcp
                    .rows=${this.selectedRows}
                    .missing=${this.selectedMissing}
                    .state=${i}
                    .info=${r}
                    .hovered=${this.hovered}
                    .valueDomain=${o}
                    .loading=${this.selectedLoading}
                    .error=${this.selectedError}
                  ></tb-bias-pcp>
                </section>
                <tb-bias-table
                  role="tabpanel"
                  aria-label="Ranked labels"
                  .api=${this.api}
                  .state=${i}
                  .info=${r}
                  .flags=${this.lookup}
                  .selected=${s}
                  .hovered=${this.hovered}
                  .revision=${this.rowsRevision}
                  .valueDomain=${o??[-1,1]}
                  .gapDomain=${a}
                  .busy=${this.bulkBusy}
                  .limits=${n.limits}
                ></tb-bias-table>
              `:m`<tb-bias-compare
                role="tabpanel"
                aria-label="Compare"
                .api=${this.api}
                .runs=${this.measureRuns}
                .limits=${n.limits}
                .state=${i}
                .info=${r}
                .flags=${this.lookup}
                .gapDomain=${a}
              ></tb-bias-compare>`}
        </main>
      </div>
    `}};F.styles=[Z,ei,D`
      :host {
        display: block;
        height: 100%;
        min-height: 0;
        background: var(--bg);
      }
      .app {
        display: grid;
        grid-template-columns: minmax(300px, 360px) 1fr;
        height: 100%;
      }
      aside {
        overflow-y: auto;
        padding: 10px;
        display: flex;
        flex-direction: column;
        gap: 10px;
        border-right: 1px solid var(--border);
      }
      main {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 10px;
        min-width: 0;
        min-height: 0;
        overflow: auto;
      }
      .title {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
      .title h1 {
        font-size: 15px;
        margin: 0;
      }
      .grow {
        flex: 1;
        min-height: 320px;
      }
      tb-bias-table,
      tb-bias-compare {
        flex: 1;
        min-height: 320px;
      }
      .centered {
        padding: 24px;
      }
      .notice {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        align-items: center;
      }
      .notice button {
        flex: none;
      }
    `],w([M({attribute:!1})],F.prototype,"api",2),w([M({attribute:!1})],F.prototype,"runs",2),w([M({attribute:!1})],F.prototype,"config",2),w([M({attribute:!1})],F.prototype,"hash",2),w([H()],F.prototype,"view",2),w([H()],F.prototype,"resolution",2),w([H()],F.prototype,"reloading",2),w([H()],F.prototype,"flags",2),w([H()],F.prototype,"lookup",2),w([H()],F.prototype,"notice",2),w([H()],F.prototype,"rowsRevision",2),w([H()],F.prototype,"distribution",2),w([H()],F.prototype,"distributionLoading",2),w([H()],F.prototype,"distributionError",2),w([H()],F.prototype,"selectedRows",2),w([H()],F.prototype,"selectedMissing",2),w([H()],F.prototype,"selectedLoading",2),w([H()],F.prototype,"selectedError",2),w([H()],F.prototype,"hovered",2),w([H()],F.prototype,"bulkBusy",2),F=w([Q("tb-bias-association-view")],F)});var ch={};Lo(ch,{view:()=>Yg});var Yg,hh=b(()=>{"use strict";uh();Yg={measure:"association",title:"Label associations",element:"tb-bias-association-view",hashPrefix:""}});G();vt();kr();wt();te();var Gg=Io({"../views/association/index.ts":()=>Promise.resolve().then(()=>(hh(),ch))});var fh=async t=>Gg(`../views/${t}/index.ts`);Cr();Tr();function dh(t,e){return t.map(n=>({run:n.run,tags:n.tags.filter(i=>i.measure===e)}))}function Mo(t){try{return decodeURIComponent(t)}catch{return t}}function dr(t){let e=t.startsWith("#")?t.slice(1):t,n={tab:null,entries:[]};for(let i of e.split("&")){if(i==="")continue;let r=i.indexOf("=");r<0?n.tab??=Mo(i):n.entries.push([Mo(i.slice(0,r)),Mo(i.slice(r+1))])}return n}function ph(t){let e=[];t.tab!==null&&t.tab!==""&&e.push(encodeURIComponent(t.tab));for(let[n,i]of t.entries)e.push(`${encodeURIComponent(n)}=${encodeURIComponent(i)}`);return e.length?`#${e.join("&")}`:""}function Eo(t,e){let n={};for(let[i,r]of t.entries)i.startsWith(e)&&(n[i.slice(e.length)]=r);return n}function mh(t,e,n,i){let r=t.entries.filter(([o])=>!o.startsWith(e)),s=Object.entries(n).map(([o,a])=>[e+o,a]);return{tab:t.tab??i,entries:[...r,...s]}}var Ro="tb_bias",ko=`p.${Ro}.`,je="measure";function gh(t){try{let e=t.parent;if(e&&e!==t)return e.location.hash,e}catch{}return t}function Co(t){let{tab:e}=dr(t);return e===null||e===Ro}function Qg(t){return t===""?e=>e!==je&&!e.includes("."):e=>e.startsWith(t)}var pr=t=>t===je;function mr(t,e,n=""){let i={};for(let[r,s]of Object.entries(Eo(dr(t),ko)))e(r)&&(i[r.slice(n.length)]=s);return i}function Zg(t,e,n,i=""){let r=dr(t),s=Eo(r,ko),o={};for(let[a,l]of Object.entries(s))e(a)||(o[a]=l);for(let[a,l]of Object.entries(n))o[i+a]=l;return ph(mh(r,ko,o,Ro))}function To(t,e,n,i,r=""){let s=Zg(t.location.hash,e,n,r),o=t.location.hash==="#"?"":t.location.hash;return s===o?!1:(t.history.replaceState(t.history.state,"",`${t.location.pathname}${t.location.search}${s}`),t.dispatchEvent(i()),!0)}function _h(t,e){let n=Qg(e),i=!1;return{read:()=>mr(t.location.hash,n,e),write(r){i=!0;try{return To(t,n,r,()=>new HashChangeEvent("hashchange"),e)}catch{return!1}finally{i=!1}},onExternalChange(r){let s=()=>{!i&&Co(t.location.hash)&&r()};return t.addEventListener("hashchange",s),()=>t.removeEventListener("hashchange",s)}}}G();vt();wt();var Jg=`from tb_bias_plugin import summary

# predictions: per example, the predicted label names (or a 0/1 or
# score matrix of shape [examples, labels] with label_names in order)
writer = summary.Writer("logs/my_model")
writer.association_table(
    "gender", predictions,
    label_names=names, identity_labels=["man", "woman"], step=epoch,
)
writer.close()`,t_=`import tensorflow as tf
from tb_bias_plugin import summary

with tf.summary.create_file_writer("logs/my_model").as_default():
    summary.association_table(
        "gender", predictions,
        label_names=names, identity_labels=["man", "woman"], step=epoch,
    )`,Dn=class extends L{render(){return m`
      <section data-testid="empty-state" aria-labelledby="empty-title">
        <h1 id="empty-title">No association tables logged yet</h1>
        <p>
          This tab ranks labels by how differently a model associates them with identity labels such as
          <code>man</code> and <code>woman</code>. Log a table of your model's predictions, with or without
          TensorFlow:
        </p>
        <pre><code>${Jg}</code></pre>
        <p>Or with TensorFlow's summary writer:</p>
        <pre><code>${t_}</code></pre>
        <p>Then point TensorBoard at the log directory: <code>tensorboard --logdir logs</code>, and reload.</p>
      </section>
    `}};Dn.styles=[Z,D`
      :host {
        display: block;
        max-width: 46rem;
        margin: 32px auto;
        padding: 0 16px;
      }
      h1 {
        font-size: 18px;
        margin: 0 0 8px;
      }
      pre {
        background: #f1f3f4;
        border: 1px solid var(--border);
        border-radius: 4px;
        padding: 10px 12px;
        overflow-x: auto;
        font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
      code {
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
    `],Dn=w([Q("tb-bias-empty-state")],Dn);var e_="runs",Lt=class extends L{constructor(){super(...arguments);this.api=ha();this.loadView=fh;this.hashWin=gh(window);this.runsRequest=new ne(this);this.scopes=new Map;this.elements=new Map;this.runs=null;this.views=[];this.runsError="";this.measure=mr(this.hashWin.location.hash,pr)[je]??null;this.onHashChange=()=>{if(!Co(this.hashWin.location.hash))return;let n=mr(this.hashWin.location.hash,pr)[je]??null;n!==this.measure&&(this.measure=n)};this.onReload=n=>{n.stopPropagation();let i=n.detail,r=this.loadRuns();i&&(i.settled=r)}}connectedCallback(){super.connectedCallback(),this.hashWin.addEventListener("hashchange",this.onHashChange),this.addEventListener(ri,this.onReload),this.loadRuns()}disconnectedCallback(){super.disconnectedCallback(),this.hashWin.removeEventListener("hashchange",this.onHashChange)}loadRuns(){return this.runsError="",new Promise(n=>this.runsRequest.run(async i=>{let r=await this.api.get(e_,i),s=(r.measures??[]).map(o=>o.measure);return{runs:r,views:await fa(s,this.loadView)}},({runs:i,views:r})=>{this.runs=i,this.views=r,n()},i=>{this.runsError=pt(i),n()}))}current(){return this.views.find(n=>n.measure===this.measure)??this.views[0]??null}select(n){this.measure=n;let i=n===this.views[0]?.measure?{}:{[je]:n};try{To(this.hashWin,pr,i,()=>new HashChangeEvent("hashchange"))}catch{}}element(n,i){let r=this.elements.get(n.measure);r||(r=document.createElement(n.element),this.elements.set(n.measure,r));let s=this.scopes.get(n.measure);s||(s=_h(this.hashWin,da(n)),this.scopes.set(n.measure,s));let o=i.measures.find(a=>a.measure===n.measure);return r.api=this.api,r.hash=s,r.config=o?.config??null,r.runs=dh(i.runs,n.measure),r}render(){let n=this.runs;if(!n)return m`<div class="centered">
        ${this.runsError?m`<div class="error" role="alert" data-testid="error-message">
              Cannot list the logged tables: ${this.runsError}
              <button type="button" @click=${()=>{this.loadRuns()}}>Retry</button>
            </div>`:m`<p class="loading" data-testid="loading">Loading tables\u2026</p>`}
      </div>`;let i=this.current();return i?m`
      ${ni({host:this,label:"Measures",testid:"measure-switcher",className:"switcher",testidPrefix:"measure-",tabs:this.views.map(r=>({id:r.measure,title:n.measures.find(s=>s.measure===r.measure)?.title||r.title})),selected:i.measure,onSelect:r=>this.select(r)})}
      ${this.runsError?m`<div class="error" role="alert" data-testid="error-message">${this.runsError}</div>`:x}
      <div class="view" role="tabpanel" aria-label=${i.title}>${this.element(i,n)}</div>
    `:m`<tb-bias-empty-state></tb-bias-empty-state>
        <div style="text-align:center">
          <button type="button" data-testid="reload-button" @click=${()=>{this.loadRuns()}}>Reload</button>
        </div>`}};Lt.styles=[Z,ei,D`
      :host {
        display: flex;
        flex-direction: column;
        height: 100%;
        background: var(--bg);
      }
      .switcher {
        padding: 0 10px;
        background: var(--panel);
        flex: none;
      }
      .switcher button {
        padding: 4px 10px;
      }
      .view {
        flex: 1;
        min-height: 0;
      }
      .view > * {
        height: 100%;
      }
      .centered {
        padding: 24px;
      }
    `],w([H()],Lt.prototype,"runs",2),w([H()],Lt.prototype,"views",2),w([H()],Lt.prototype,"runsError",2),w([H()],Lt.prototype,"measure",2),Lt=w([Q("tb-bias-app")],Lt);var n_=`
html, body { margin: 0; height: 100%; background: #f5f6f7; }
tb-bias-app { height: 100%; }
`;function Yx(){if(document.querySelector("tb-bias-app"))return;let t=document.createElement("style");t.textContent=n_,document.head.appendChild(t),document.body.appendChild(document.createElement("tb-bias-app"))}export{Yx as render};
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
lit-html/directive.js:
lit-html/async-directive.js:
lit-html/directives/repeat.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
@lit-labs/virtualizer/layouts/shared/SizeCache.js:
@lit-labs/virtualizer/layouts/shared/BaseLayout.js:
@lit-labs/virtualizer/layouts/flow.js:
@lit-labs/virtualizer/events.js:
@lit-labs/virtualizer/ScrollerController.js:
@lit-labs/virtualizer/Virtualizer.js:
@lit-labs/virtualizer/virtualize.js:
@lit-labs/virtualizer/LitVirtualizer.js:
@lit-labs/virtualizer/lit-virtualizer.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/directives/style-map.js:
lit-html/directives/if-defined.js:
  (**
   * @license
   * Copyright 2018 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/directive-helpers.js:
  (**
   * @license
   * Copyright 2020 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
//# sourceMappingURL=index.js.map
